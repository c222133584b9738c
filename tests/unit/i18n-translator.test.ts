import { describe, expect, it } from 'vitest';
import { createI18n, locales, namespaces, resources, translator } from '../../src/lib/i18n/index.ts';

/** Every key of a dictionary section, plural suffixes stripped (`x_one`, `x_other` → `x`). */
function keysOf(tree: unknown, prefix = ''): string[] {
  if (typeof tree !== 'object' || tree === null) return [prefix];
  return Object.entries(tree).flatMap(([name, value]) => keysOf(value, prefix ? `${prefix}.${name}` : name));
}

/**
 * The server's translate function keeps its answers (src/lib/i18n/index.ts). Whatever it keeps,
 * a page reads what i18next itself gives: the same text on the first call and on every later one,
 * in both languages, with or without interpolation and plurals.
 */
describe('translator(locale): kept answers', () => {
  for (const locale of locales) {
    it(`answers every key as i18next does, every time (${locale})`, () => {
      const t = translator(locale);
      const fresh = createI18n(locale).getFixedT(locale);
      let checked = 0;
      for (const ns of namespaces) {
        const dictionary = (resources as Record<string, Record<string, unknown>>)[locale]?.[ns];
        const keys = [...new Set(keysOf(dictionary).map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))];
        for (const key of keys) {
          const name = `${ns}:${key}`;
          const options = { count: 2, date: '12 Dec', total: 1000, from: 1, to: 24, name: 'Ayu' };
          for (let round = 0; round < 2; round++) {
            expect(t(name), name).toBe(fresh(name));
            expect(t(name, options), name).toBe(fresh(name, options));
            expect(t(name, { ...options, count: 1 }), name).toBe(fresh(name, { ...options, count: 1 }));
          }
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(500);
    });
  }

  it('tells different options apart, and leaves calls it does not keep to i18next', () => {
    const t = translator('en');
    expect(t('card.arrives', { date: '1 Jan' })).toBe('Arrives 1 Jan');
    expect(t('card.arrives', { date: '2 Feb' })).toBe('Arrives 2 Feb');
    expect(t('market:listing.showing_product_capped', { from: 1, to: 24, total: '1,000' })).toBe('Showing 1–24 of 1,000+ pre-orders');
    // A missing key reads as itself and is not kept; a later call still reaches i18next.
    expect(t('common:no.such.key')).toBe('no.such.key');
    expect(t('common:no.such.key', { defaultValue: 'Fallback' })).toBe('Fallback');
    // Options that are not flat primitives (objects, returnObjects) are passed through untouched.
    expect(t('card.arrives', { date: '3 Mar', extra: { nested: true } } as Record<string, unknown>)).toBe('Arrives 3 Mar');
    expect(typeof t('common:card', { returnObjects: true })).toBe('object');
    // Indonesian answers are kept apart from English ones.
    expect(translator('id')('card.arrives', { date: '1 Jan' })).not.toBe('Arrives 1 Jan');
  });
});
