import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { faqCategories } from '../../src/lib/content/schemas.ts';
import { locales, namespaces, resources, translator, type Locale } from '../../src/lib/i18n/index.ts';
import { HELP_TOPIC_KEYS } from '../../src/lib/orders/after-sales.ts';
import {
  APPEAL_REASONS,
  CANCEL_REASON_IDS,
  COMPLAINT_REASONS,
  ORDER_EVENTS,
  ORDER_STATES,
  PAYMENT_TYPES,
  REFUND_REJECTION_REASONS,
  RETURN_PROBLEM_REASONS,
  STAGES,
  cancelReasonKey,
} from '../../src/lib/orders/vocabulary.ts';
import { LISTING_SORTS, REPORT_REASONS } from '../../src/lib/schemas/catalogue.ts';
import { TRIP_STATUSES } from '../../src/lib/schemas/trips.ts';
import { CREATION } from '../../src/server/domain/orders/machine.ts';

/**
 * An Indonesian page never shows a raw key or English text for want of an Indonesian entry: on
 * the server a missing entry falls back to English, in the browser (which loads only the page's
 * language) it shows as the key itself. i18next looks keys up by the language's plural rules:
 * `t('ns:x', { count })` reads `x_one` or `x_other` in English, but only `x_other` in Indonesian
 * (which has the one category "other"), then the plain `x`. So the dictionaries are compared by
 * what each language's lookups reach, not by identical key lists.
 */

const src = join(import.meta.dirname, '../../src');
type Dictionary = Record<string, unknown>;
const dictionary = (locale: Locale, ns: string) => (resources[locale] as Record<string, Dictionary>)[ns];

/** Every leaf as [dotted path, value]. */
function leaves(value: unknown, prefix = ''): [string, unknown][] {
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, prefix ? `${prefix}.${k}` : k));
  return prefix ? [[prefix, value]] : [];
}

/** i18next's plural suffixes (CLDR categories); a key ending in one is a plural form. */
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
/** The categories i18next asks for in a language (it uses Intl.PluralRules too). */
const categories = (locale: Locale) => new Intl.PluralRules(locale).resolvedOptions().pluralCategories;

/** What a dictionary offers: its keys, plain keys, and plural families by their base key. */
function entriesOf(dict: unknown) {
  const keys = new Set(leaves(dict).map(([k]) => k));
  const families = new Set([...keys].flatMap((k) => PLURAL.exec(k)?.[1] ?? []));
  const plain = [...keys].filter((k) => !PLURAL.test(k) && !families.has(k));
  return { keys, families, plain };
}
const entries = (locale: Locale, ns: string) => entriesOf(dictionary(locale, ns));

/** Whether `t(key)` (plain) or `t(key, { count })` for every count (family) finds an entry in the dictionary itself. */
function reachesIn(dict: unknown, locale: Locale, key: string, family: boolean): boolean {
  const { keys } = entriesOf(dict);
  if (!family) return keys.has(key);
  return categories(locale).every((c) => keys.has(`${key}_${c}`) || keys.has(key));
}
const reaches = (locale: Locale, ns: string, key: string, family: boolean) => reachesIn(dictionary(locale, ns), locale, key, family);

/** Every entry of `from` that `to` does not reach by its own lookups. */
function unreached(from: Locale, to: Locale, ns: string): string[] {
  const { families, plain } = entries(from, ns);
  return [
    ...plain.filter((k) => !reaches(to, ns, k, false)),
    ...[...families].filter((k) => !reaches(to, ns, k, true)).map((k) => `${k}_(${categories(to).join('|')})`),
  ].map((k) => `${ns}:${k}`);
}

/** Plural families a language itself cannot complete (e.g. only `x_one`: a count of 2 finds nothing). */
function incomplete(locale: Locale, ns: string): string[] {
  return [...entries(locale, ns).families].filter((k) => !reaches(locale, ns, k, true)).map((k) => `${ns}:${k}`);
}

describe('plural-aware dictionary parity', () => {
  it('rests on Indonesian having the one plural category "other" and English "one" and "other"', () => {
    expect(categories('id')).toEqual(['other']);
    expect([...categories('en')].sort()).toEqual(['one', 'other']);
  });

  it('the comparison catches a family Indonesian lookups cannot reach, as i18next itself shows', async () => {
    const en = { field: { at_least_one: 'Must be at least {{count}}' } };
    const id = { field: { at_least_one: 'Minimal {{count}}' } }; // the same key, but `id` asks for at_least_other
    const atLeastOne = async (idDict: unknown) => {
      const i18n = i18next.createInstance();
      await i18n.init({ resources: { en: { t: en }, id: { t: idDict as Record<string, unknown> } }, lng: 'id', fallbackLng: 'en', defaultNS: 't' });
      return i18n.t('field.at_least', { count: 1 });
    };
    expect(await atLeastOne(id)).toBe('Must be at least 1'); // English on an Indonesian page
    expect([...entriesOf(en).families].filter((k) => !reachesIn(id, 'id', k, true))).toEqual(['field.at_least']);
    const fixed = { field: { at_least_other: 'Minimal {{count}}' } };
    expect(await atLeastOne(fixed)).toBe('Minimal 1');
    expect([...entriesOf(en).families].filter((k) => !reachesIn(fixed, 'id', k, true))).toEqual([]);
  });

  for (const ns of namespaces) {
    it(`${ns}: every English entry has an Indonesian one under Indonesian plural rules`, () => {
      expect(unreached('en', 'id', ns)).toEqual([]);
    });

    it(`${ns}: every Indonesian entry has an English one under English plural rules`, () => {
      expect(unreached('id', 'en', ns)).toEqual([]);
    });

    it(`${ns}: every plural family is complete in its own language (no lone x_one; no plain key named like a plural form)`, () => {
      expect(locales.flatMap((locale) => incomplete(locale, ns).map((k) => `${locale} ${k}`))).toEqual([]);
    });
  }
});

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'locales' ? [] : sourceFiles(path);
    return /\.(ts|tsx|astro)$/.test(name) ? [path] : [];
  });
}
const sources = sourceFiles(src).map((path) => ({ path: relative(src, path), text: readFileSync(path, 'utf8') }));

/** An English key matching `pattern` (a key whose `${…}` parts stand for any word), plural families by their base. */
function englishKeys(pattern: string): string[] {
  const [ns, key] = pattern.includes(':') ? pattern.split(/:(.*)/s) : ['common', pattern];
  const { families, plain } = entries('en', ns);
  const words = key.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'));
  const re = new RegExp(`^${words.join('[A-Za-z0-9_]+')}$`);
  return [...families, ...plain].filter((k) => re.test(k)).map((k) => `${ns}:${k}`);
}

/** Every `t('key', { …count… })` in the source: the calls i18next resolves by plural rules. */
const countCalls = [
  ...new Set(
    sources.flatMap(({ text }) =>
      [...text.matchAll(/\bt\(\s*(['"`])((?:(?!\1).)+)\1\s*,\s*\{([^}]*)\}/g)].filter((m) => /\bcount\b/.test(m[3])).map((m) => m[2]),
    ),
  ),
].sort();

describe('calls with a count', () => {
  const params = { max: 8, from: 1, to: 20, total: 3, n: 1, name: 'x', query: 'x' };
  type Details = { res: string; usedLng: string; exactUsedKey: string };
  const resolve = (locale: Locale, key: string, count: number) =>
    translator(locale)(key, { ...params, count, returnDetails: true }) as unknown as Details;

  it('are found in the source', () => {
    expect(countCalls.length).toBeGreaterThan(20);
    expect(countCalls).toContain('posting:photos.left_out');
  });

  for (const call of countCalls) {
    it(`${call} resolves in Indonesian itself for every count`, () => {
      const keys = englishKeys(call);
      expect(keys, 'no English entry matches the call').not.toEqual([]);
      for (const key of keys) {
        for (const count of [0, 1, 2, 5, 21, 1000]) {
          const { res, usedLng, exactUsedKey } = resolve('id', key, count);
          expect({ key, count, usedLng, raw: res === key || res.endsWith(exactUsedKey) }).toEqual({ key, count, usedLng: 'id', raw: false });
        }
      }
    });
  }

  it('choose the form by count in English and the one form in Indonesian', () => {
    const t = (locale: Locale, count: number) => translator(locale)('posting:photos.left_out', { max: 8, count });
    expect(t('en', 1)).toBe('You can add up to 8 photos; 1 was left out.');
    expect(t('en', 3)).toBe('You can add up to 8 photos; 3 were left out.');
    expect(t('id', 1)).toBe('Maksimal 8 foto; 1 foto tidak ditambahkan.');
    expect(t('id', 3)).toBe('Maksimal 8 foto; 3 foto tidak ditambahkan.');
    expect(translator('id')('market:listing.count_product', { count: 1 })).toBe('1 pre-order');
    expect(translator('id')('market:listing.count_request', { count: 1 })).toBe('1 permintaan');
  });
});

describe('keys named in the source', () => {
  /** Whole-string keys ('ns:a.b'); templates and prefixes ('errors:code.' + code) are not whole keys. */
  const named = new Map<string, string>();
  const nsPattern = namespaces.map((n) => n.replace('-', '\\-')).join('|');
  for (const { path, text } of sources) {
    for (const m of text.matchAll(new RegExp(`(['"\`])((?:${nsPattern}):[A-Za-z0-9_.-]*[A-Za-z0-9_])\\1`, 'g'))) named.set(m[2], path);
  }

  /** A string, a plural family, or an entry of strings (a notification's `.title` and `.message`). */
  function exists(locale: Locale, full: string): boolean {
    const [ns, key] = full.split(/:(.*)/s);
    const { keys, families } = entries(locale, ns);
    if (keys.has(key) || families.has(key)) return reaches(locale, ns, key, families.has(key));
    return [...keys].some((k) => k.startsWith(`${key}.`));
  }

  it('are found', () => {
    expect(named.size).toBeGreaterThan(1000);
    expect(named.has('catalogue:field.below_min')).toBe(true);
  });

  it('exist in English and in Indonesian', () => {
    const missing = [...named].flatMap(([key, path]) => locales.filter((l) => !exists(l, key)).map((l) => `${l} ${key} (${path})`));
    expect(missing).toEqual([]);
  });
});

describe('keys built from the code’s vocabularies', () => {
  /** Every key a `t(`prefix.${value}`)` in the source can ask for, from the lists the values come from. */
  const built = [
    ...ORDER_STATES.map((s) => `orders:status.${s}`),
    ...STAGES.map((s) => `orders:stage.${s}`),
    ...[...ORDER_EVENTS, ...Object.keys(CREATION)].map((e) => `orders:done.${e}`),
    // notifyTransition(): every event, and a new order ('created', 'offer', 'take_request').
    ...[...ORDER_EVENTS, 'created', 'offer', 'take_request'].flatMap((e) => [`orders:notify.${e}.title`, `orders:notify.${e}.message`]),
    ...['requester', 'traveler', 'system', 'operator'].map((role) => `orders-deal:detail.by_${role}`),
    ...(['requester', 'traveler'] as const).flatMap((role) => CANCEL_REASON_IDS.map((id) => cancelReasonKey(role, id))),
    ...COMPLAINT_REASONS.map((r) => `orders-after:complaint.reason.${r}`),
    ...REFUND_REJECTION_REASONS.map((r) => `orders-after:reject.reason.${r}`),
    ...APPEAL_REASONS.map((r) => `orders-after:appeal.reason.${r}`),
    ...RETURN_PROBLEM_REASONS.map((r) => `orders-after:problem.reason.${r}`),
    ...HELP_TOPIC_KEYS.map((k) => `orders-after:help.topic.${k}`),
    ...PAYMENT_TYPES.map((m) => `orders:pay.method.${m}`),
    ...TRIP_STATUSES.flatMap((s) => [`trips:status.${s}`, `trips:empty.${s}.title`, `trips:empty.${s}.text`]),
    ...LISTING_SORTS.map((s) => `market:sort.${s}`),
    ...REPORT_REASONS.map((r) => `market:report.reasons.${r}`),
    ...faqCategories.flatMap((c) => [`content:faq.categories.${c}`, `content:faq.category_hints.${c}`]),
  ];

  for (const locale of locales) {
    it(`exist in ${locale === 'id' ? 'Indonesian' : 'English'} itself`, () => {
      const missing = built.filter((key) => {
        const { usedLng, res } = translator(locale)(key, { returnDetails: true }) as unknown as { usedLng: string; res: unknown };
        return usedLng !== locale || typeof res !== 'string' || res === key.split(':')[1];
      });
      expect(missing).toEqual([]);
    });
  }
});
