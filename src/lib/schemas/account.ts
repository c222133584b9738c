import { z } from 'zod';
import { emailField, requiredText, textField } from './common.ts';
import { idField } from './ids.ts';
import { phoneField } from './places.ts';

/** PUT /v1/users/me changes exactly one thing at a time: name, email, phone_number or country_id. */
const PROFILE_FIELDS = ['name', 'email', 'phone_number', 'country_id'];

export const profileUpdateSchema = z
  .looseObject({
    name: requiredText(100, 'errors:field.name_length').optional(),
    email: emailField.optional(),
    phone_number: phoneField().optional(),
    country_id: idField().optional(),
  })
  .superRefine((v, ctx) => {
    const given = Object.keys(v).filter((k) => (v as Record<string, unknown>)[k] !== undefined);
    if (given.length !== 1 || !PROFILE_FIELDS.includes(given[0]))
      ctx.addIssue({ code: 'custom', path: ['_'], message: 'places:account.one_field' });
  })
  .transform(({ name, email, phone_number, country_id }) => ({ name, email, phone_number, country_id }));
export type ProfileUpdateInput = z.infer<typeof profileUpdateSchema>;

export const OTP_LENGTH = 4;
export const OTP_RESEND_SECONDS = 60;

export const sendOtpSchema = z.object({ phone_number: phoneField() });
export const verifyOtpSchema = z.object({
  phone_number: phoneField(),
  otp_code: textField('places:phone.code_required')
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{4}$/, { error: 'places:phone.code_format' }),
});
