import type { resources as all } from './resources.ts';

/**
 * In the browser, in place of resources.ts (astro.config.mjs): only the page's language
 * (`<html lang>`), loaded before any island that translates runs. The other language's
 * dictionaries are never downloaded; choosing it reloads the page.
 */
const lang = document.documentElement.lang === 'id' ? 'id' : 'en';
const dictionaries = lang === 'id' ? (await import('./resources-id.ts')).default : (await import('./resources-en.ts')).default;

export const resources = { [lang]: dictionaries } as unknown as typeof all;
