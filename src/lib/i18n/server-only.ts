/**
 * Dictionary sections that only server-rendered HTML uses (Astro pages and components, never an
 * island): the browser's copy of each namespace leaves them out (astro.config.mjs), so a guest's
 * first interaction does not download the home page's, the footer's, the error pages' or the listings' texts.
 * tests/unit/i18n-server-only.test.ts checks that no island or shared module names one.
 */
export const serverOnlySections: Readonly<Record<string, readonly string[]>> = {
  common: ['home', 'meta', 'error', 'footer'],
  market: ['listing', 'request_detail', 'filter', 'send_to', 'sort', 'pagination', 'breadcrumb', 'profile', 'search', 'user', 'favorite'],
};

/** A namespace's dictionary (JSON text) without its server-only sections. */
export function browserDictionary(namespace: string, json: string): string {
  const sections = serverOnlySections[namespace];
  if (!sections) return json;
  const dictionary = JSON.parse(json) as Record<string, unknown>;
  for (const section of sections) delete dictionary[section];
  return JSON.stringify(dictionary);
}
