import { z } from 'zod';
import { emailField, msg, requiredText, textField } from './common.ts';

export const PASSWORD_MIN = 8;
export const TOKEN_LIFETIME_SECONDS = 86400;

export const passwordField = textField()
  .min(1, { error: msg.required })
  .min(PASSWORD_MIN, { error: 'errors:field.password_min' })
  .max(128, { error: 'errors:field.password_max' });

export const usernameField = textField()
  .trim()
  .toLowerCase()
  .min(1, { error: msg.required })
  .regex(/^[a-z0-9_]{3,30}$/, { error: 'errors:field.username_format' });

export const registerSchema = z.object({
  name: requiredText(100, 'errors:field.name_length'),
  username: usernameField,
  email: emailField,
  password: passwordField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

export const loginSchema = z.object({
  email: emailField,
  password: z.string({ error: msg.required }).min(1, { error: msg.required }).max(128, { error: msg.invalid }),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const forgotPasswordSchema = z.object({ email: emailField });

export const resetPasswordSchema = z.object({
  token: requiredText(200),
  password: passwordField,
});

export const googleCodeSchema = z.object({
  code: requiredText(2048),
  state: textField(msg.invalid).max(512).optional(),
});

/** The profile shape of GET /v1/users/me. */
export interface Profile {
  id: number;
  name: string;
  username: string;
  email: string;
  phone_number: string | null;
  phone_verified: boolean;
  /** False for an account that only signs in with Google (it sets a password by reset e-mail). */
  has_password: boolean;
  photo_profile: string | null;
  country: { id: number; name: string } | null;
}
