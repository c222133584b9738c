import { defineMiddleware } from 'astro:middleware';
import { resolveLocale } from './lib/i18n/index.ts';
import { DEFAULT_LOCATION, LOCATION_COOKIE, parseLocation } from './lib/location.ts';
import { hasNul } from './lib/schemas/common.ts';
import { SESSION_COOKIE } from './lib/session-cookie.ts';

/**
 * The same URL without the query parameters that carry a NUL byte, or undefined when none does.
 * NUL is never typed by a person and PostgreSQL text cannot hold it: rather than trust every page
 * to refuse it, the visitor is sent to the page without those parameters.
 */
function withoutNulParams(url: URL): string | undefined {
  const params = [...url.searchParams];
  const kept = params.filter(([key, value]) => !hasNul(key) && !hasNul(value));
  if (kept.length === params.length) return undefined;
  const query = new URLSearchParams(kept).toString();
  return url.pathname + (query ? `?${query}` : '');
}

/**
 * Resolves the locale (cookie) and the signed-in user (session cookie → accounts domain),
 * and sends guests away from /dashboard/* to /login?redirect=… on the server.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const clean = withoutNulParams(context.url);
  if (clean !== undefined) return context.redirect(clean, 302);
  const locals = context.locals;
  locals.site ??= (globalThis as { __titipanSite?: App.Locals['site'] }).__titipanSite!;
  locals.locale = resolveLocale(context.cookies.get('locale')?.value);
  locals.location = parseLocation(context.cookies.get(LOCATION_COOKIE)?.value) ?? DEFAULT_LOCATION;
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  locals.user = await locals.site.userForToken(token, locals.locale);
  // The request's log line names the page's pattern ('/products/[slug]'), not its path, and the user.
  if (locals.requestLog) {
    locals.requestLog.route = context.routePattern;
    locals.requestLog.user_id = locals.user?.id;
  }

  const path = context.url.pathname;
  if ((path === '/dashboard' || path.startsWith('/dashboard/')) && !locals.user) {
    const redirect = encodeURIComponent(path + context.url.search);
    return context.redirect(`/login?redirect=${redirect}`, 302);
  }
  const response = await next();
  // Pages differ per user and language: never let a shared cache keep them.
  if (!response.headers.has('cache-control')) response.headers.set('Cache-Control', 'private, no-cache');
  response.headers.set('Vary', 'Cookie');
  return response;
});
