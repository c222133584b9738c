import { todayIso } from '../dates.ts';

/**
 * A banner shows from its first to its last calendar day inclusive, counted in Indonesia's time
 * zone (where Titipan operates): a banner ending 2026-12-15 is still up at 23:30 WIB that day.
 */
export function isBannerActive(window: { startsAt: Date; endsAt?: Date }, now: Date = new Date()): boolean {
  const today = todayIso(now);
  const starts = window.startsAt.toISOString().slice(0, 10);
  const ends = window.endsAt?.toISOString().slice(0, 10);
  return starts <= today && (!ends || today <= ends);
}
