import type { resources as all } from './resources.ts';

type Dictionary = Record<string, unknown>;

/**
 * In the browser, in place of resources.ts (astro.config.mjs): only the page's language
 * (`<html lang>`), one chunk per namespace, loaded when an island that needs it hydrates
 * (`loadNamespaces`, through `I18nProvider`; `errors` with the first API call). `common` loads
 * before any island runs. The other language is never downloaded; choosing it reloads the page.
 */
const lang = document.documentElement.lang === 'id' ? 'id' : 'en';
const files =
  lang === 'id'
    ? import.meta.glob<Dictionary>('./locales/id/*.json', { import: 'default' })
    : import.meta.glob<Dictionary>('./locales/en/*.json', { import: 'default' });
/** Namespaces whose file has another name. */
const fileOf: Record<string, string> = { 'orders-buy': 'orders-ui-buy' };

const loaded: Record<string, Dictionary> = {};
export const resources = { [lang]: loaded } as unknown as typeof all;

const pending = new Map<string, Promise<void>>();
function loadOne(ns: string): Promise<void> {
  let p = pending.get(ns);
  if (!p) {
    const load = files[`./locales/${lang}/${fileOf[ns] ?? ns}.json`];
    p = load
      ? load().then(
          (dictionary) => void (loaded[ns] = dictionary),
          (error: unknown) => {
            pending.delete(ns); // fetched again next time
            throw error;
          },
        )
      : Promise.resolve();
    pending.set(ns, p);
  }
  return p;
}

const waiting = new Map<string, Promise<void>>();
/** Loads the namespaces not loaded yet; null when every one is there (the same promise while they load). */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> | null {
  const missing = namespaces.filter((ns) => !loaded[ns]);
  if (missing.length === 0) return null;
  const key = missing.join(' ');
  let p = waiting.get(key);
  if (!p) {
    p = Promise.all(missing.map(loadOne)).then(() => undefined);
    waiting.set(key, p);
    p.finally(() => waiting.delete(key)).catch(() => undefined);
  }
  return p;
}

await loadNamespaces(['common']);
