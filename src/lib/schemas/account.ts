import { z } from 'zod';
import { passwordField } from './auth.ts';
import { emailField, msg, requiredText, textField } from './common.ts';
import { idField } from './ids.ts';
import { phoneField } from './places.ts';

/** The password the user has now, asked before the e-mail or the password changes. */
export const currentPasswordField = textField()
  .min(1, { error: msg.required })
  .max(128, { error: 'errors:field.current_password_wrong' });

/**
 * PUT /v1/users/me changes exactly one thing at a time: name, email, phone_number or country_id.
 * A new e-mail comes with `current_password` (the server asks for it when the account has one).
 */
const PROFILE_FIELDS = ['name', 'email', 'phone_number', 'country_id'];

export const profileUpdateSchema = z
  .looseObject({
    name: requiredText(100, 'errors:field.name_length').optional(),
    email: emailField.optional(),
    phone_number: phoneField().optional(),
    country_id: idField().optional(),
    current_password: currentPasswordField.optional(),
  })
  .superRefine((v, ctx) => {
    const given = Object.keys(v).filter((k) => k !== 'current_password' && (v as Record<string, unknown>)[k] !== undefined);
    const oneField = given.length === 1 && PROFILE_FIELDS.includes(given[0]);
    if (!oneField || (v.current_password !== undefined && given[0] !== 'email'))
      ctx.addIssue({ code: 'custom', path: ['_'], message: 'account:profile.one_field' });
  })
  .transform(({ name, email, phone_number, country_id, current_password }) => ({ name, email, phone_number, country_id, current_password }));
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

/** The account-email popup's form: the same e-mail rule, and the current password. */
export const emailChangeSchema = z.object({ email: emailField, current_password: currentPasswordField });

/** PUT /v1/users/me/password; the popup checks with the same schema. */
export const passwordChangeSchema = z
  .object({
    current_password: currentPasswordField,
    password: passwordField,
    password_confirmation: textField().min(1, { error: msg.required }),
  })
  .refine((v) => v.password === v.password_confirmation, { path: ['password_confirmation'], error: 'errors:field.password_confirm' });
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;

export const OTP_LENGTH = 4;
export const OTP_RESEND_SECONDS = 60;

export const sendOtpSchema = z.object({ phone_number: phoneField() });
export const verifyOtpSchema = z.object({
  phone_number: phoneField(),
  otp_code: textField('account:phone.code_required')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4}$/, { error: 'account:phone.code_format' }),
});
