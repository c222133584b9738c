import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A phone number as people read it: '081234567890' → '+62 812-3456-7890' (country code, then the
 * national groups joined by hyphens). Indonesian unless it says otherwise; anything that is not a
 * possible number is shown as typed.
 */
export function formatPhone(raw: string | null | undefined): string {
  if (!raw) return '';
  const parsed = parsePhoneNumberFromString(raw, 'ID');
  if (!parsed?.isPossible()) return raw;
  const [code, ...groups] = parsed.formatInternational().split(' ');
  return groups.length ? `${code} ${groups.join('-')}` : code;
}
