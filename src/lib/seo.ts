/**
 * Absolute URLs for canonical links, Open Graph, robots.txt and the sitemap. The public origin
 * comes from PUBLIC_URL when set (the server may sit behind a proxy that rewrites Host), else
 * from the request itself.
 */
export function siteOrigin(requestUrl: URL, publicUrl: string | undefined = process.env.PUBLIC_URL): string {
  if (publicUrl) {
    try {
      return new URL(publicUrl).origin;
    } catch {
      // An invalid PUBLIC_URL is the config's problem; fall back to the request.
    }
  }
  return requestUrl.origin;
}

/** '/faq' → 'https://titipan.id/faq'; absolute http(s) URLs pass through unchanged. */
export function absoluteUrl(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, `${origin}/`).href;
}

/** The default share image (1200×630 PNG: social networks do not render SVG previews). */
export const DEFAULT_OG_IMAGE = '/banners/og-default.png';
