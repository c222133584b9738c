import type { APIRoute } from 'astro';
import { absoluteUrl } from '../lib/seo.ts';

/** Private and transactional areas: nothing there for a search engine. */
const DISALLOW = ['/dashboard', '/post', '/cart', '/checkout', '/v1'];

export const GET: APIRoute = ({ locals }) => {
  const body = ['User-agent: *', 'Allow: /', ...DISALLOW.map((path) => `Disallow: ${path}`), '', `Sitemap: ${absoluteUrl('/sitemap.xml', locals.site.flags.publicUrl)}`, ''].join('\n');
  return new Response(body, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  });
};
