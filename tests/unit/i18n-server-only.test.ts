import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { browserDictionary, serverOnlySections } from '../../src/lib/i18n/server-only.ts';

const src = new URL('../../src/', import.meta.url).pathname;

/** Modules a browser may run or hand keys to one: all TypeScript but Astro pages and components. */
function clientModules(dir = src): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(src, 'pages') || path === join(src, 'components') ? [] : clientModules(path);
    return /\.(ts|tsx|mjs)$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) ? [path] : [];
  });
}

describe('dictionary sections left out of the browser', () => {
  it('are named by no island or shared module (a key there would show untranslated)', () => {
    const files = clientModules().map((path) => ({ path, code: readFileSync(path, 'utf8') }));
    expect(files.length).toBeGreaterThan(50);
    for (const [namespace, sections] of Object.entries(serverOnlySections)) {
      for (const section of sections) {
        // `t('market:listing.x')`, or `t('listing.x')` under `useTranslation('market')` (or `common`, the default).
        const key = new RegExp(`(['"\`]|${namespace}:)${section}\\.`);
        const users = files.filter((f) => key.test(f.code)).map((f) => f.path.slice(src.length));
        expect(users, `${namespace}:${section}`).toEqual([]);
      }
    }
  });

  it('exist in both languages, and only they are removed', () => {
    for (const [namespace, sections] of Object.entries(serverOnlySections)) {
      for (const lang of ['en', 'id']) {
        const json = readFileSync(join(src, 'lib/i18n/locales', lang, `${namespace}.json`), 'utf8');
        const whole = JSON.parse(json) as Record<string, unknown>;
        for (const section of sections) expect(whole, `${lang}/${namespace}.json`).toHaveProperty([section]);
        const kept = Object.keys(whole).filter((k) => !sections.includes(k));
        expect(Object.keys(JSON.parse(browserDictionary(namespace, json)) as object)).toEqual(kept);
      }
    }
    expect(browserDictionary('auth', '{"a":1}')).toBe('{"a":1}');
  });
});
