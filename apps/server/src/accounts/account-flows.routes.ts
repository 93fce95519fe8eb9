import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountsEndpoints as api } from '@crm/contract';
import { authOf } from '../http/access.js';
import { route } from '../http/route.js';
import { loadUserView } from '../identity/user-view.js';
import { sendVerificationEmail, verifyEmail } from './email-verification.service.js';
import { googleEnabled, googleRedirectUrl, googleSignIn } from './google-sign-in.service.js';
import { requestPasswordReset, resetPassword } from './password-recovery.service.js';

/** Email verification, password recovery and Google sign-in (docs/product.md §6). */
export const accountFlowsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;

  route(app, api.authConfig, { access: 'public', handler: async () => ({ google: googleEnabled(deps.config) }) });
  route(app, api.resendVerification, {
    access: 'account',
    handler: ({ request }) => sendVerificationEmail(deps, authOf(request).user),
  });
  route(app, api.verifyEmail, {
    access: 'account',
    handler: async ({ request, params }) => loadUserView(deps, await verifyEmail(deps, authOf(request).user, params.hash)),
  });
  route(app, api.forgotPassword, {
    access: 'public',
    handler: async ({ body }) => {
      await requestPasswordReset(deps, body);
      return { ok: true as const };
    },
  });
  route(app, api.resetPassword, {
    access: 'public',
    handler: async ({ body }) => {
      await resetPassword(deps, body);
      return { ok: true as const };
    },
  });
  route(app, api.googleRedirectUrl, { access: 'public', handler: async () => ({ url: await googleRedirectUrl(deps) }) });
  route(app, api.socialLogin, { access: 'public', handler: async ({ body }) => ({ token: await googleSignIn(deps, body) }) });
};
