/**
 * In the browser, in place of `react-i18next` (astro.config.mjs): the provider, the hook and
 * `<Trans>` over browser-i18next.ts, the parts the islands use.
 */
import { cloneElement, createContext, isValidElement, useContext, useMemo, type ReactElement, type ReactNode } from 'react';
import type { i18n as I18n, TFunction } from './browser-i18next.ts';

const Context = createContext<I18n | null>(null);

export function I18nextProvider({ i18n, children }: { i18n: I18n; children?: ReactNode }) {
  return <Context.Provider value={i18n}>{children}</Context.Provider>;
}

export function useTranslation(ns?: string | string[]): { t: TFunction; i18n: I18n; ready: true } {
  const i18n = useContext(Context);
  if (!i18n) throw new Error('useTranslation() outside <I18nextProvider>');
  const first = Array.isArray(ns) ? ns[0] : ns;
  const t = useMemo(() => i18n.getFixedT(i18n.language, first), [i18n, first]);
  return { t, i18n, ready: true };
}

/**
 * A translated sentence with elements in it: `<name>text</name>` in the message becomes the
 * `components[name]` element around that text.
 */
export function Trans({ i18nKey, components = {}, values }: { i18nKey: string; components?: Record<string, ReactElement>; values?: Record<string, unknown> }) {
  const { t } = useTranslation();
  const text = t(i18nKey, values);
  const parts: ReactNode[] = [];
  const tag = /<(\w+)>(.*?)<\/\1>|<(\w+)\s*\/>/g;
  let last = 0;
  for (let m = tag.exec(text); m; m = tag.exec(text)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    const element = components[m[1] ?? m[3]];
    parts.push(isValidElement(element) ? cloneElement(element, { key: parts.length }, m[2]) : (m[2] ?? ''));
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}
