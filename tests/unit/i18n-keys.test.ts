import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '../../src/lib/i18n/locales');
const read = (locale: string, file: string) => JSON.parse(readFileSync(join(root, locale, file), 'utf8')) as unknown;
const files = (locale: string) => readdirSync(join(root, locale)).filter((f) => f.endsWith('.json')).sort();

/** Every leaf as [dotted path, value]; nested objects and arrays are walked, not counted. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  }
  return prefix ? [[prefix, value]] : [];
}

// Which keys each language needs (by its plural rules) is checked in i18n-plurals.test.ts.
describe('translation dictionaries', () => {
  it('exist for the same namespaces in en and id', () => {
    expect(files('en').length).toBeGreaterThan(0);
    expect(files('id')).toEqual(files('en'));
  });

  for (const file of files('en')) {
    it(`${file}: every translation is a non-empty string`, () => {
      const bad = ['en', 'id'].flatMap((locale) =>
        leaves(read(locale, file))
          .filter(([, v]) => typeof v !== 'string' || v.trim() === '')
          .map(([path]) => `${locale}:${path}`),
      );
      expect(bad).toEqual([]);
    });
  }
});
