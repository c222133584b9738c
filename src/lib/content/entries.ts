/**
 * Reading the Markdown collections in the visitor's language. Entry ids are '{lang}/{slug}'
 * (src/content.config.ts); a slug missing in the visitor's language falls back to English.
 */
import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { defaultLocale, isLocale, type Locale } from '../i18n/index.ts';

export type ContentCollection = 'faq' | 'pages' | 'banners';

export interface Localized<C extends ContentCollection> {
  /** The language-free id used in URLs: 'how-payment-works'. */
  slug: string;
  /** The language the entry is actually written in (differs from the request after a fallback). */
  locale: Locale;
  entry: CollectionEntry<C>;
}

/** 'id/how-payment-works' → { lang: 'id', slug: 'how-payment-works' }. */
export function splitEntryId(id: string): { lang: string; slug: string } {
  const cut = id.indexOf('/');
  return cut < 0 ? { lang: '', slug: id } : { lang: id.slice(0, cut), slug: id.slice(cut + 1) };
}

/** Every published entry of a collection, one per slug, in `locale` where it exists, else English. */
export async function localizedEntries<C extends ContentCollection>(collection: C, locale: Locale): Promise<Localized<C>[]> {
  const all = (await getCollection(collection)) as CollectionEntry<C>[];
  const bySlug = new Map<string, Localized<C>>();
  for (const entry of all) {
    if ((entry.data as { draft?: boolean }).draft) continue;
    const { lang, slug } = splitEntryId(entry.id);
    if (!isLocale(lang) || (lang !== locale && lang !== defaultLocale)) continue;
    const current = bySlug.get(slug);
    if (!current || (current.locale !== locale && lang === locale)) bySlug.set(slug, { slug, locale: lang, entry });
  }
  return [...bySlug.values()];
}

/** One published entry by its slug, in `locale` or else English; undefined when there is none. */
export async function localizedEntry<C extends ContentCollection>(collection: C, slug: string, locale: Locale): Promise<Localized<C> | undefined> {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(slug)) return undefined;
  for (const lang of locale === defaultLocale ? [locale] : [locale, defaultLocale]) {
    const entry = (await getEntry(collection, `${lang}/${slug}`)) as CollectionEntry<C> | undefined;
    if (entry && !(entry.data as { draft?: boolean }).draft) return { slug, locale: lang, entry };
  }
  return undefined;
}

/** Sort by the `order` front-matter field, then by title. */
export function byOrder<T extends { entry: { data: { order: number; title: string } } }>(a: T, b: T): number {
  return a.entry.data.order - b.entry.data.order || a.entry.data.title.localeCompare(b.entry.data.title);
}
