import { z } from 'zod';
import { plainText, REQUIRED, requiredString, requiredText, tooLong } from './common.js';
import { EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN } from './sign-in.js';

export const emailSchema = requiredString()
  .trim()
  .min(1, REQUIRED)
  .max(EMAIL_MAX, tooLong(EMAIL_MAX))
  .pipe(z.email('Введите корректный адрес электронной почты'))
  .transform((email) => email.toLowerCase());

export const passwordSchema = requiredString()
  .min(PASSWORD_MIN, `Пароль должен содержать не менее ${PASSWORD_MIN} символов`)
  .max(PASSWORD_MAX, `Пароль должен содержать не более ${PASSWORD_MAX} символов`);

const PASSWORDS_DIFFER = 'Пароли не совпадают';

export const registerBody = z
  .object({
    name: requiredText(100),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: requiredString().min(1, REQUIRED),
    invitation_token: plainText().max(200).optional(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORDS_DIFFER,
  });
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: requiredString().min(1, REQUIRED).max(PASSWORD_MAX, tooLong(PASSWORD_MAX)),
});
export type LoginBody = z.input<typeof loginBody>;

export const tokenResponse = z.object({ token: z.string() });
export type TokenResponse = z.infer<typeof tokenResponse>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  has_projects: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

/** Seconds between two verification emails (docs/product.md §6.4: a 2-minute cooldown). */
export const EMAIL_RESEND_COOLDOWN_S = 120;

export const resendResponse = z.object({ sent_at: z.string(), cooldown_seconds: z.number().int() });
export type ResendResponse = z.infer<typeof resendResponse>;

export const verifyParams = z.object({ hash: plainText().min(1).max(200) });

export const forgotPasswordBody = z.object({ email: emailSchema });
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;

export const resetPasswordBody = z
  .object({
    email: emailSchema,
    token: requiredString().min(1, REQUIRED).max(200, tooLong(200)),
    password: passwordSchema,
    password_confirmation: requiredString().min(1, REQUIRED),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORDS_DIFFER,
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const socialProviderSchema = z.enum(['google']);
export const redirectUrlQuery = z.object({ provider: socialProviderSchema });
export const redirectUrlResponse = z.object({ url: z.string() });
export const socialLoginBody = z.object({
  provider: socialProviderSchema,
  code: plainText().min(1).max(2000),
  state: plainText().min(1).max(200),
  /** The issuer the provider named in its answer (RFC 9207), passed through when present. */
  iss: plainText().max(500).optional(),
});
export type SocialLoginBody = z.input<typeof socialLoginBody>;

/** What the sign-in pages may offer on this server. */
export const authConfigSchema = z.object({ google: z.boolean() });
export type AuthConfig = z.infer<typeof authConfigSchema>;
