import en from './resources-en.ts';
import id from './resources-id.ts';

/**
 * Both languages' dictionaries (the server and tests). The browser build gets
 * resources.browser.ts in its place (astro.config.mjs), which loads the page's language only,
 * a namespace at a time.
 */
export const resources = { en, id } as const;

/** Every namespace is here already (the browser's version loads them). */
export function loadNamespaces(_namespaces: readonly string[]): Promise<void> | null {
  return null;
}
