import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export const TEST_CLIENT = { id: 'crm-test-client', secret: 'crm-test-secret-0123456789abcdef' };

/**
 * A real OpenID Connect provider (oidc-provider) on this machine, standing in for Google.
 * Any login is accepted on its dev login page; the login is the account's email, and an
 * email starting with "unverified" comes back with email_verified=false.
 */
export async function startOidcProvider(redirectUri: string) {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount: async (_ctx, id) => ({
      accountId: id,
      claims: async () => ({
        sub: `sub-${id}`,
        email: id,
        email_verified: !id.startsWith('unverified'),
        name: 'Гугл Пользователь',
      }),
    }),
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['crm-test-cookie-key'] },
  });
  server.on('request', provider.callback());

  /** Plays the browser on the provider's pages: signs in as `email`, consents, returns the callback URL. */
  async function signIn(authorizationUrl: string, email: string): Promise<URL> {
    const jar = new Map<string, string>();
    let url = authorizationUrl;
    let prompt: 'login' | 'consent' = 'login';
    for (let step = 0; step < 12; step += 1) {
      const isInteraction = new URL(url).pathname.startsWith('/interaction/');
      const response = await fetch(url, {
        method: isInteraction ? 'POST' : 'GET',
        redirect: 'manual',
        headers: {
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
          ...(isInteraction ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        },
        body: isInteraction
          ? new URLSearchParams(prompt === 'login' ? { prompt, login: email, password: 'x' } : { prompt }).toString()
          : undefined,
      });
      if (isInteraction) prompt = 'consent';
      for (const cookie of response.headers.getSetCookie()) {
        const [pair] = cookie.split(';');
        const [name, ...value] = pair!.split('=');
        jar.set(name!.trim(), value.join('='));
      }
      const location = response.headers.get('location');
      if (!location) throw new Error(`provider stopped at ${url} with ${response.status}: ${await response.text()}`);
      const next = new URL(location, url);
      if (next.href.startsWith(redirectUri)) return next;
      url = next.href;
    }
    throw new Error('too many redirects at the provider');
  }

  return {
    issuer,
    signIn,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
