import { intlLocales } from '../format.ts';
import type { Locale } from '../i18n/index.ts';

/** Payment deadlines are printed in Western Indonesia Time, the buyers' clock (SPEC: Indonesian marketplace). */
export const DEADLINE_TIME_ZONE = 'Asia/Jakarta';

/** '2026-11-24T10:05:00Z' → '24 November 2026, 17.05 WIB' (id) / '24 November 2026, 17:05 WIB' (en). */
export function formatDeadline(value: string | Date, locale: Locale): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const text = new Intl.DateTimeFormat(intlLocales[locale] ?? intlLocales.en, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: DEADLINE_TIME_ZONE,
  }).format(date);
  return `${text} WIB`;
}

/** Milliseconds left split into hours, minutes, seconds (never negative). */
export function timeLeft(deadline: string | Date, now: number): { total: number; hours: number; minutes: number; seconds: number } {
  const end = (deadline instanceof Date ? deadline : new Date(deadline)).getTime();
  const total = Math.max(0, Number.isFinite(end) ? end - now : 0);
  const s = Math.floor(total / 1000);
  return { total, hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}
