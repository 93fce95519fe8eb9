import * as oidc from 'openid-client';
import type { SocialLoginBody } from '@crm/contract';
import type { AppDeps } from '../deps.js';
import type { AppConfig } from '../config.js';
import { AppError, invalidField } from '../http/app-error.js';
import { issueToken } from '../identity/tokens.js';
import { findUserByEmail, insertUser, markEmailVerified } from './accounts.repository.js';
import { deleteOauthStatesBefore, insertOauthState, takeOauthState } from './google-sign-in.repository.js';

const STATE_TTL_MS = 10 * 60_000;
const NOT_CONFIGURED = 'Вход через Google не настроен на этом сервере';
const FAILED = 'Не удалось войти через Google. Попробуйте ещё раз.';

export const googleEnabled = (config: AppConfig) =>
  Boolean(config.google.clientId && config.google.clientSecret);

const discovered = new WeakMap<AppConfig, Promise<oidc.Configuration>>();

/** The provider's metadata, discovered once per configuration (retried after a failure). */
function googleConfiguration(config: AppConfig): Promise<oidc.Configuration> {
  const { clientId, clientSecret, issuer } = config.google;
  if (!clientId || !clientSecret) throw new AppError(503, NOT_CONFIGURED);
  let pending = discovered.get(config);
  if (!pending) {
    const url = new URL(issuer);
    // Plain HTTP only for a provider on this machine (the tests' local OpenID provider).
    const local = url.protocol === 'http:' && ['localhost', '127.0.0.1'].includes(url.hostname);
    pending = oidc.discovery(
      url,
      clientId,
      clientSecret,
      undefined,
      local ? { execute: [oidc.allowInsecureRequests] } : undefined,
    );
    pending.catch(() => discovered.delete(config));
    discovered.set(config, pending);
  }
  return pending.catch((error: unknown) => {
    throw new AppError(503, 'Google сейчас недоступен. Попробуйте позже.', undefined, undefined, error);
  });
}

const callbackUrl = (config: AppConfig) => `${config.appUrl}/login_data_processing`;

/** Code flow with state, nonce and PKCE; the secrets wait in the database for the callback. */
export async function googleRedirectUrl({ db, config, clock }: AppDeps) {
  const provider = await googleConfiguration(config);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const now = clock.now().getTime();
  await deleteOauthStatesBefore(db, new Date(now - STATE_TTL_MS).toISOString());
  await insertOauthState(db, {
    state,
    code_verifier: codeVerifier,
    nonce,
    created_at: new Date(now).toISOString(),
  });
  const url = oidc.buildAuthorizationUrl(provider, {
    redirect_uri: callbackUrl(config),
    scope: 'openid email profile',
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return url.href;
}

/** Finishes the sign-in: the account is matched on the verified email, or created verified. */
export async function googleSignIn({ db, config, clock, log, access }: AppDeps, input: SocialLoginBody) {
  const at = clock.now();
  const provider = await googleConfiguration(config);
  const saved = await takeOauthState(db, input.state);
  if (!saved || Date.parse(saved.created_at) < at.getTime() - STATE_TTL_MS) {
    throw invalidField('state', 'Сессия входа через Google устарела. Начните вход заново.');
  }
  const answer = new URL(callbackUrl(config));
  answer.searchParams.set('code', input.code);
  answer.searchParams.set('state', input.state);
  if (input.iss) answer.searchParams.set('iss', input.iss);

  let claims: Record<string, unknown> | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(provider, answer, {
      pkceCodeVerifier: saved.code_verifier,
      expectedState: saved.state,
      expectedNonce: saved.nonce,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    claims = idToken;
    // Some providers put the email only in userinfo, not in the ID token.
    if (idToken && typeof idToken.email !== 'string') {
      claims = await oidc.fetchUserInfo(provider, tokens.access_token, idToken.sub);
    }
  } catch (error) {
    log.warn({ err: error }, 'Google sign-in refused');
    throw invalidField('code', FAILED);
  }
  const email = typeof claims?.email === 'string' ? claims.email.toLowerCase() : null;
  if (!email || claims?.email_verified !== true) {
    throw invalidField('code', 'Google не подтвердил адрес почты этого аккаунта');
  }

  const now = at.toISOString();
  let user = await findUserByEmail(db, email);
  if (user && !user.email_verified_at) {
    user = await markEmailVerified(db, user.id, now, now);
    await access.changed({ userId: user.id });
  }
  if (!user) {
    const name =
      typeof claims?.name === 'string' && claims.name.trim() ? claims.name.trim() : email.split('@')[0]!;
    user = await insertUser(db, {
      name,
      email,
      password_hash: null,
      email_verified_at: now,
      created_at: now,
      updated_at: now,
    });
  }
  return issueToken(db, at, user.id);
}
