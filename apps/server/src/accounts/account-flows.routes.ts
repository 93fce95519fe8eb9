import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  authConfigSchema,
  envelope,
  forgotPasswordBody,
  okSchema,
  redirectUrlQuery,
  redirectUrlResponse,
  resendResponse,
  resetPasswordBody,
  socialLoginBody,
  tokenResponse,
  userSchema,
  verifyParams,
} from '@crm/contract';
import { authOf } from '../http/access.js';
import { ok } from '../http/envelope.js';
import { loadUserView } from '../http/user-view.js';
import { sendVerificationEmail, verifyEmail } from './email-verification.service.js';
import { googleEnabled, googleRedirectUrl, googleSignIn } from './google-sign-in.service.js';
import { requestPasswordReset, resetPassword } from './password-recovery.service.js';

/** Email verification, password recovery and Google sign-in (PRODUCT.md §2). */
export const accountFlowsRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['accounts'];

  app.get('/auth/config', {
    config: { access: 'public' },
    schema: { tags, response: { 200: envelope(authConfigSchema) } },
    handler: async () => ok({ google: googleEnabled(app.deps.config) }),
  });

  app.post('/email/resend', {
    config: { access: 'account' },
    schema: { tags, response: { 200: envelope(resendResponse) } },
    handler: async (request) => ok(await sendVerificationEmail(app.deps, authOf(request).user)),
  });

  app.post('/email/verify/:hash', {
    config: { access: 'account' },
    schema: { tags, params: verifyParams, response: { 200: envelope(userSchema) } },
    handler: async (request) => {
      const user = await verifyEmail(app.deps, authOf(request).user, request.params.hash);
      return ok(await loadUserView(app.deps.db, user));
    },
  });

  app.post('/password/forgot', {
    config: { access: 'public' },
    schema: { tags, body: forgotPasswordBody, response: { 200: envelope(okSchema) } },
    handler: async (request) => {
      await requestPasswordReset(app.deps, request.body, request.log);
      return ok({ ok: true as const });
    },
  });

  app.post('/password/reset', {
    config: { access: 'public' },
    schema: { tags, body: resetPasswordBody, response: { 200: envelope(okSchema) } },
    handler: async (request) => {
      await resetPassword(app.deps, request.body);
      return ok({ ok: true as const });
    },
  });

  app.get('/socialite/redirect-url', {
    config: { access: 'public' },
    schema: { tags, querystring: redirectUrlQuery, response: { 200: envelope(redirectUrlResponse) } },
    handler: async () => ok({ url: await googleRedirectUrl(app.deps) }),
  });

  app.post('/socialite/login', {
    config: { access: 'public' },
    schema: { tags, body: socialLoginBody, response: { 200: envelope(tokenResponse) } },
    handler: async (request) => ok({ token: await googleSignIn(app.deps, request.body, request.log) }),
  });
};
