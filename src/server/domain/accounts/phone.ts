import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

/**
 * E.164 for a number as typed. Numbers without a country code are read as Indonesian
 * (0812… → +62812…) unless another default region is given. Undefined when not a valid number.
 */
export function normalizePhone(input: string, defaultRegion: CountryCode = 'ID'): string | undefined {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultRegion);
  return parsed?.isValid() ? parsed.number : undefined;
}
