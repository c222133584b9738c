import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { loadNamespaces, resources } from './resources.ts';

export const locales = ['en', 'id'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';
export const namespaces = ['common', 'auth', 'errors', 'places', 'catalogue', 'content', 'settings', 'trips', 'market', 'posting', 'account', 'orders', 'orders-buy', 'orders-deal', 'notifications', 'orders-after', 'admin', 'withdraw', 'orders-fulfil', 'chat'] as const;

export { loadNamespaces, resources };
export type Namespace = (typeof namespaces)[number];

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** 'id', 'id-ID', 'ID' → 'id'; anything unknown → the default locale. */
export function resolveLocale(value: string | null | undefined): Locale {
  const primary = (value ?? '').trim().toLowerCase().split(/[-_,;]/)[0];
  return isLocale(primary) ? primary : defaultLocale;
}

/** A synchronously initialised i18next instance holding both languages. */
export function createI18n(locale: Locale = defaultLocale): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: locale,
    fallbackLng: defaultLocale,
    ns: [...namespaces],
    defaultNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

let shared: I18n | undefined;
const fixed = new Map<Locale, TFunction>();
/**
 * A translate function fixed to one language (made once per language: pages ask for it per
 * component). Its answers are kept: a page calls it ~150 times (two labels per card), and the
 * dictionaries do not change while the process runs. A call is kept when its key is one string
 * that exists and its options, if any, are a flat object of strings, numbers and booleans (the
 * key and the options' JSON name it); anything else goes to i18next each time.
 */
export function translator(locale: Locale): TFunction {
  let t = fixed.get(locale);
  if (!t) {
    shared ??= createI18n();
    t = keptAnswers(shared, locale);
    fixed.set(locale, t);
  }
  return t;
}

/** Distinct kept answers per language before they are dropped and kept afresh (a bound, not a cache policy). */
const KEPT_TRANSLATIONS = 20_000;

function keptAnswers(i18n: I18n, locale: Locale): TFunction {
  const t = i18n.getFixedT(locale) as unknown as (...args: unknown[]) => unknown;
  const kept = new Map<string, string>();
  const keptT = (...args: unknown[]) => {
    const id = args.length <= 2 ? answerId(args[0], args[1]) : undefined;
    if (id === undefined) return t(...args);
    let answer = kept.get(id);
    if (answer === undefined) {
      const fresh = t(...args);
      // A key not (yet) in the dictionaries reads as itself and is not kept: a dictionary loaded later must answer.
      if (typeof fresh !== 'string' || !i18n.exists(args[0] as string, { ...(args[1] as object | undefined), lng: locale })) return fresh;
      if (kept.size >= KEPT_TRANSLATIONS) kept.clear();
      kept.set(id, (answer = fresh));
    }
    return answer;
  };
  return Object.assign(keptT, { lng: locale, ns: (t as unknown as { ns?: unknown }).ns }) as unknown as TFunction;
}

/** What names a call's answer: the key, and the options' JSON when they are flat primitives. */
function answerId(key: unknown, options: unknown): string | undefined {
  if (typeof key !== 'string') return undefined;
  if (options === undefined) return key;
  if (typeof options !== 'object' || options === null || Object.getPrototypeOf(options) !== Object.prototype) return undefined;
  for (const [name, value] of Object.entries(options)) {
    if (name === 'returnObjects' || (value !== undefined && typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')) return undefined;
  }
  return `${key}\u0000${JSON.stringify(options)}`;
}
