import { setClientCookie } from '../../lib/cookies.ts';
import type { Locale } from '../../lib/i18n/index.ts';

/** Language names in their own language: a reader finds theirs whatever the page language is. */
export const languageNames: Record<Locale, string> = { en: 'English', id: 'Bahasa Indonesia' };

/** Stores the choice for the server (the `locale` cookie) and reloads so every page part follows. */
export function switchLocale(locale: Locale) {
  setClientCookie('locale', locale);
  window.location.reload();
}
