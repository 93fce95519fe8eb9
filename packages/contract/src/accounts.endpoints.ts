import { z } from 'zod';
import {
  authConfigSchema,
  forgotPasswordBody,
  loginBody,
  redirectUrlQuery,
  redirectUrlResponse,
  registerBody,
  resendResponse,
  resetPasswordBody,
  socialLoginBody,
  tokenResponse,
  userSchema,
  verifyParams,
} from './accounts.js';
import { okSchema } from './common.js';
import { endpoint } from './endpoint.js';
import { userProjectSchema } from './projects.js';

const tag = 'accounts';

/** Sign-up, sign-in, the signed-in user, email verification, recovery and Google sign-in. */
export const accountsEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/register',
    body: registerBody,
    response: tokenResponse,
    status: 201,
    tag,
  }),
  login: endpoint({ method: 'POST', path: '/login', body: loginBody, response: tokenResponse, tag }),
  logout: endpoint({ method: 'POST', path: '/logout', response: okSchema, tag }),
  user: endpoint({ method: 'GET', path: '/user', response: userSchema, tag }),
  userProjects: endpoint({
    method: 'GET',
    path: '/user/projects',
    response: z.array(userProjectSchema),
    tag,
  }),
  authConfig: endpoint({ method: 'GET', path: '/auth/config', response: authConfigSchema, tag }),
  resendVerification: endpoint({ method: 'POST', path: '/email/resend', response: resendResponse, tag }),
  verifyEmail: endpoint({
    method: 'POST',
    path: '/email/verify/:hash',
    params: verifyParams,
    response: userSchema,
    tag,
  }),
  forgotPassword: endpoint({
    method: 'POST',
    path: '/password/forgot',
    body: forgotPasswordBody,
    response: okSchema,
    tag,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/password/reset',
    body: resetPasswordBody,
    response: okSchema,
    tag,
  }),
  googleRedirectUrl: endpoint({
    method: 'GET',
    path: '/socialite/redirect-url',
    query: redirectUrlQuery,
    response: redirectUrlResponse,
    tag,
  }),
  socialLogin: endpoint({
    method: 'POST',
    path: '/socialite/login',
    body: socialLoginBody,
    response: tokenResponse,
    tag,
  }),
};
