import { use, useMemo, type ReactNode } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { createI18n, loadNamespaces, namespaces, type Locale, type Namespace } from './index.ts';

const instances = new Map<Locale, ReturnType<typeof createI18n>>();
function instanceFor(locale: Locale) {
  let i = instances.get(locale);
  if (!i) {
    i = createI18n(locale);
    instances.set(locale, i);
  }
  return i;
}

/**
 * Wraps an island so `useT()` speaks the page's locale (passed from Astro as a prop). In the
 * browser the island waits (suspends) until the dictionaries of `ns` are loaded: every namespace
 * unless the island names the ones it shows (the islands of guests' pages, to download less).
 */
export function I18nProvider({ locale, ns, children }: { locale: Locale; ns?: readonly Namespace[]; children: ReactNode }) {
  const loading = loadNamespaces(ns ?? namespaces);
  if (loading) use(loading);
  const i18n = useMemo(() => instanceFor(locale), [locale]);
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

export const useT = (ns?: string | string[]) => useTranslation(ns ?? [...namespaces]).t;
