import { defineMiddleware } from 'astro:middleware';
import { resolveLocale } from './lib/i18n/index.ts';
import { LOCATION_COOKIE, parseLocation } from './lib/location.ts';

const SESSION_COOKIE = 'titipan_session';

/**
 * Resolves the locale (cookie) and the signed-in user (session cookie → accounts domain),
 * and sends guests away from /dashboard/* to /login?redirect=… on the server.
 */
export const onRequest = defineMiddleware(async (context, next) => {
  const locals = context.locals;
  locals.site ??= (globalThis as { __titipanSite?: App.Locals['site'] }).__titipanSite!;
  locals.locale = resolveLocale(context.cookies.get('locale')?.value);
  locals.location = parseLocation(context.cookies.get(LOCATION_COOKIE)?.value);
  const token = context.cookies.get(SESSION_COOKIE)?.value;
  locals.user = await locals.site.userForToken(token, locals.locale);

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
