import type { Locale } from './i18n/index.ts';

/** 1250000 → 'Rp. 1.250.000': the Rupiah prefix, '.' thousands, no decimals (money is integer Rupiah). */
export function formatRupiah(amount: number): string {
  const n = Math.trunc(Number.isFinite(amount) ? amount : 0);
  const digits = String(Math.abs(n)).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${n < 0 ? '-' : ''}Rp. ${digits}`;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** The Intl locale each language formats dates and numbers with. */
export const intlLocales: Record<Locale, string> = { en: 'en-GB', id: 'id-ID' };
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(locale: Locale, timeZone: string | undefined) {
  const key = `${locale}|${timeZone ?? ''}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocales[locale] ?? intlLocales.en, { day: 'numeric', month: 'long', year: 'numeric', timeZone });
    formatters.set(key, f);
  }
  return f;
}

/** Calendar days printed so far (a listing's cards repeat a few trips' dates): ICU's format is the slow part. */
const days = new Map<string, string>();
const MAX_DAYS = 5000;

function formatDay(value: string, m: RegExpExecArray, locale: Locale): string {
  const key = `${locale}|${value}`;
  let text = days.get(key);
  if (text === undefined) {
    text = formatterFor(locale, 'UTC').format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
    if (days.size >= MAX_DAYS) days.clear();
    days.set(key, text);
  }
  return text;
}

const numberFormats = new Map<Locale, Intl.NumberFormat>();

/** 1250 → '1,250' (en) / '1.250' (id): a count or a weight, grouped as the language writes it. */
export function formatCount(n: number, locale: Locale): string {
  let f = numberFormats.get(locale);
  if (!f) numberFormats.set(locale, (f = new Intl.NumberFormat(intlLocales[locale] ?? intlLocales.en)));
  return f.format(n);
}

/**
 * '2026-12-05' → '5 December 2026' (en) / '5 Desember 2026' (id). A date-only string is a
 * calendar day, so it is read and printed in UTC and never shifts with the runtime's time zone;
 * timestamps are printed in `timeZone` (default: the runtime's own).
 */
export function formatDate(value: string | Date, locale: Locale, timeZone?: string): string {
  if (typeof value === 'string') {
    const m = DATE_ONLY.exec(value);
    if (m) return formatDay(value, m, locale);
  }
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return formatterFor(locale, timeZone).format(date);
}

/** 'Ayu Lestari' → 'AL', 'bima' → 'B': the avatar fallback when a user has no photo. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((p) => Array.from(p)[0].toUpperCase()).join('');
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A moment as a reader in `timeZone` reads it: '5 December 2026, 14:30 WIB' style (day, full
 * month, year, 24-hour time and the zone's short name), in their language.
 */
export function formatDateTime(value: string | Date, locale: Locale, timeZone: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const key = `${locale}|${timeZone}`;
  let f = dateTimeFormats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(intlLocales[locale] ?? intlLocales.en, { day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone, timeZoneName: 'short' });
    dateTimeFormats.set(key, f);
  }
  return f.format(date);
}
