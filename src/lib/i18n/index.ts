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
/** A translate function fixed to one language (made once per language: pages ask for it per component). */
export function translator(locale: Locale): TFunction {
  let t = fixed.get(locale);
  if (!t) {
    shared ??= createI18n();
    t = shared.getFixedT(locale);
    fixed.set(locale, t);
  }
  return t;
}
