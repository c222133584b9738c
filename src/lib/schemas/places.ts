import { z } from 'zod';
import { msg, textField } from './common.ts';
import { idField } from './ids.ts';

export const INDONESIA_ID = 228;

const requiredText = (key: string, max = 255) => textField(key).trim().min(1, { error: key }).max(max, { error: msg.invalid });

/** An area id the address form may leave out (outside Indonesia): a number, or null/absent. */
const optionalId = idField().nullish();

/** Phone numbers as people type them: +62 812-3456-7890, 0812 3456 7890… normalised by the server. */
export const phoneField = (requiredKey = 'account:phone.required') =>
  textField(requiredKey)
    .trim()
    .min(1, { error: requiredKey })
    .max(24, { error: 'account:phone.invalid' })
    .regex(/^\+?[0-9 ()-]{6,24}$/, { error: 'account:phone.invalid' });

/** Address form (SPEC §3, §5): Indonesia (228) also needs province → city → sub-district → postal code. */
export const addressSchema = z
  .object({
    name: requiredText('places:address.name_required', 100),
    phone_number: phoneField('places:address.phone_required'),
    label: requiredText('places:address.label_required', 50),
    detail: requiredText('places:address.detail_required', 500),
    country_id: idField('places:address.country_required'),
    province_id: optionalId,
    city_id: optionalId,
    sub_district_id: optionalId,
    pos_code_id: optionalId,
    pos_code: textField(msg.invalid).trim().max(10, { error: 'places:address.pos_code_invalid' }).nullish(),
  })
  .superRefine((raw, ctx) => {
    const v = raw as Partial<typeof raw>;
    if (Number(v.country_id) !== INDONESIA_ID) return;
    if (!v.province_id) ctx.addIssue({ code: 'custom', path: ['province_id'], message: 'places:address.province_required' });
    if (!v.city_id) ctx.addIssue({ code: 'custom', path: ['city_id'], message: 'places:address.city_required' });
    if (!v.sub_district_id)
      ctx.addIssue({ code: 'custom', path: ['sub_district_id'], message: 'places:address.sub_district_required' });
    if (!v.pos_code_id && !v.pos_code)
      ctx.addIssue({ code: 'custom', path: ['pos_code'], message: 'places:address.pos_code_required' });
    else if (v.pos_code && !/^\d{5}$/.test(v.pos_code))
      ctx.addIssue({ code: 'custom', path: ['pos_code'], message: 'places:address.pos_code_invalid' });
  }, {
    // Run even when other fields are missing, so the form shows every problem at once.
    when: (payload) => {
      const v = payload.value as { country_id?: unknown } | undefined;
      return Number(v?.country_id) === INDONESIA_ID;
    },
  });
export type AddressInput = z.infer<typeof addressSchema>;

export const bankAccountSchema = z.object({
  account_bank: requiredText('account:bank.bank_required', 40),
  account_name: requiredText('account:bank.name_required', 100),
  account_number: textField('account:bank.number_required')
    .trim()
    .min(1, { error: 'account:bank.number_required' })
    .regex(/^\d+$/, { error: 'account:bank.number_digits' })
    .max(34, { error: 'account:bank.number_digits' }),
});
export type BankAccountInput = z.infer<typeof bankAccountSchema>;

/** Filter popups of the listings (SPEC §5). */
export const filterTripSchema = z.object({ trip_id: idField('places:filter.trip_required') });
export const filterCitySchema = z.object({
  country_id: idField('places:filter.city_required'),
  city_id: idField('places:filter.city_required'),
});
export const filterCountrySchema = z.object({ country_id: idField('places:filter.country_required') });
export const locationSchema = z.object({ country_id: idField('places:location.required') });
