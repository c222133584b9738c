/**
 * Promotional banners from src/content/banners/{en,id}/*.md, for /banner and the home page.
 * Usage in an .astro page: `const banners = await activeBanners(Astro.locals.locale);`.
 */
import type { Locale } from '../i18n/index.ts';
import { isBannerActive } from './banner-schedule.ts';
import { byOrder, localizedEntries, localizedEntry, type Localized } from './entries.ts';

export interface Banner {
  /** The URL id: /banner/{id}. */
  id: string;
  title: string;
  subtitle: string;
  /** Decorative image path under public/, e.g. /banners/escrow.svg. */
  image: string;
  /** Where the call-to-action goes (site path or https URL), and its label. */
  link: string;
  linkLabel: string;
  startsAt: Date;
  endsAt?: Date;
  /** The page for this banner. */
  href: string;
}

function toBanner({ slug, entry }: Localized<'banners'>): Banner {
  const { title, subtitle, image, link, linkLabel, startsAt, endsAt } = entry.data;
  return { id: slug, title, subtitle, image, link, linkLabel, startsAt, endsAt, href: `/banner/${slug}` };
}

/** The banners running today (Asia/Jakarta calendar), in `locale` (English fallback), by `order`. */
export async function activeBanners(locale: Locale, now: Date = new Date()): Promise<Banner[]> {
  const entries = await localizedEntries('banners', locale);
  return entries.filter((e) => isBannerActive(e.entry.data, now)).sort(byOrder).map(toBanner);
}

/** One running banner with its Markdown entry (for rendering the body); undefined if unknown or not running. */
export async function activeBanner(id: string, locale: Locale, now: Date = new Date()): Promise<(Banner & { source: Localized<'banners'> }) | undefined> {
  const found = await localizedEntry('banners', id, locale);
  if (!found || !isBannerActive(found.entry.data, now)) return undefined;
  return { ...toBanner(found), source: found };
}
