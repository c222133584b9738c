/**
 * /sitemap.xml: static routes, content pages, FAQ entries, running banners, and every active
 * pre-order and request (read in process through locals.site, no HTTP).
 */
import type { APIRoute } from 'astro';
import { activeBanners } from '../lib/content/banners.ts';
import { localizedEntries } from '../lib/content/entries.ts';
import { defaultLocale } from '../lib/i18n/index.ts';
import { absoluteUrl } from '../lib/seo.ts';

interface SitemapUrl {
  path: string;
  lastmod?: Date | string;
}

const STATIC_PATHS = ['/', '/products/marketplace', '/products/request', '/faq', '/banner'];

function isoDate(value: Date | string | undefined): string | undefined {
  if (!value) return undefined;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString().slice(0, 10);
}

const escapeXml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

export const GET: APIRoute = async ({ locals }) => {
  const [pages, faqs, banners, listings] = await Promise.all([
    localizedEntries('pages', defaultLocale),
    localizedEntries('faq', defaultLocale),
    activeBanners(defaultLocale),
    locals.site.sitemapEntries(),
  ]);
  const urls: SitemapUrl[] = [
    ...STATIC_PATHS.map((path) => ({ path })),
    ...pages.map((p) => ({ path: `/${p.slug}`, lastmod: p.entry.data.updated })),
    ...faqs.map((f) => ({ path: `/faq/${f.slug}`, lastmod: f.entry.data.updated })),
    ...banners.map((b) => ({ path: b.href })),
    ...listings.products.map((p) => ({ path: `/products/marketplace/${encodeURIComponent(p.slug)}`, lastmod: p.updated_at })),
    ...listings.requests.map((r) => ({ path: `/products/request/${encodeURIComponent(r.slug)}`, lastmod: r.updated_at })),
  ];
  const origin = locals.site.flags.publicUrl;
  const seen = new Set<string>();
  const entries = urls
    .filter((u) => !seen.has(u.path) && seen.add(u.path))
    .map((u) => {
      const lastmod = isoDate(u.lastmod);
      return `  <url><loc>${escapeXml(absoluteUrl(u.path, origin))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`;
    });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
