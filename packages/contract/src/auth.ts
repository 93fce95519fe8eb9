import { z } from 'zod';
import { REQUIRED, requiredText } from './common.js';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailSchema = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(254)
  .pipe(z.email('Введите корректный адрес электронной почты'))
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: REQUIRED })
  .min(PASSWORD_MIN, `Пароль должен содержать не менее ${PASSWORD_MIN} символов`)
  .max(PASSWORD_MAX, `Пароль должен содержать не более ${PASSWORD_MAX} символов`);

const PASSWORDS_DIFFER = 'Пароли не совпадают';

export const registerBody = z
  .object({
    name: requiredText(100),
    email: emailSchema,
    password: passwordSchema,
    password_confirmation: z.string({ error: REQUIRED }).min(1, REQUIRED),
    invitation_token: z.string().max(200).optional(),
  })
  .refine((b) => b.password === b.password_confirmation, {
    path: ['password_confirmation'],
    message: PASSWORDS_DIFFER,
  });
export type RegisterBody = z.input<typeof registerBody>;

export const loginBody = z.object({
  email: emailSchema,
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(PASSWORD_MAX),
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
