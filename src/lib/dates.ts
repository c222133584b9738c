/** Calendar dates are 'YYYY-MM-DD' strings; "today" is Indonesia's (Asia/Jakarta), where Titipan operates. */
export const APP_TIME_ZONE = 'Asia/Jakarta';

/** One formatter per time zone: creating an Intl.DateTimeFormat costs far more than formatting with it. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

export function todayIso(now: Date = new Date(), timeZone = APP_TIME_ZONE): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format.format(now);
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
