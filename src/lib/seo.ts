/**
 * Absolute URLs for canonical links, Open Graph, robots.txt and the sitemap. The origin is the
 * configured public origin (`locals.site.flags.publicUrl`), never the request's Host header.
 */

/** '/faq' → 'https://titipan.id/faq'; absolute http(s) URLs pass through unchanged. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}

/** The default share image (1200×630 PNG: social networks do not render SVG previews). */
export const DEFAULT_OG_IMAGE = '/banners/og-default.png';
