import { createRequire } from 'node:module';
import countryNames from 'i18n-iso-countries';

const require = createRequire(import.meta.url);
countryNames.registerLocale(require('i18n-iso-countries/langs/en.json'));
countryNames.registerLocale(require('i18n-iso-countries/langs/id.json'));

/** Indonesia's id is fixed by the product (SPEC §9); every other id is its ISO 3166-1 numeric code. */
export const INDONESIA_ID = 228;

export interface CountryRecord {
  id: number;
  iso2: string;
  nameEn: string;
  nameId: string;
}

export function countryIdForIso2(iso2: string): number | undefined {
  if (iso2 === 'ID') return INDONESIA_ID;
  const numeric = countryNames.alpha2ToNumeric(iso2);
  return numeric ? Number(numeric) : undefined;
}

export function allCountries(): CountryRecord[] {
  const out: CountryRecord[] = [];
  for (const iso2 of Object.keys(countryNames.getAlpha2Codes())) {
    const id = countryIdForIso2(iso2);
    const nameEn = countryNames.getName(iso2, 'en');
    const nameId = countryNames.getName(iso2, 'id') ?? nameEn;
    if (id === undefined || !nameEn || !nameId) continue;
    out.push({ id, iso2, nameEn, nameId });
  }
  return out;
}
