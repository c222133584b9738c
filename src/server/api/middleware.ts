import type { MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import { resolveLocale, translator } from '../../lib/i18n/index.ts';
import { authenticate, rememberLocale } from '../domain/accounts/index.ts';
import { AppError, forbidden } from '../errors.ts';
import { SESSION_COOKIE } from '../../lib/session-cookie.ts';
import { logContext } from '../request-context.ts';
import type { ApiEnv, ApiServices } from './context.ts';

/** Language from the `Lang` header (the API client always sends it), else the locale cookie. */
export const language = (services: ApiServices): MiddlewareHandler<ApiEnv> => async (c, next) => {
  const lang = resolveLocale(c.req.header('lang') ?? getCookie(c, 'locale'));
  c.set('lang', lang);
  c.set('t', translator(lang));
  c.set('services', services);
  await next();
};

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The configured public origin, or the Host the request was sent to: that Host already passed
 * the allow-list at the edge, so it is one of ours (localhost while developing, say).
 */
export function sameOrigin(source: string | undefined, host: string | undefined, publicUrl: string): boolean {
  if (!source) return false;
  try {
    const url = new URL(source);
    if (url.origin === publicUrl) return true;
    return !!host && url.host === host;
  } catch {
    return false;
  }
}

/**
 * Answers to a request that carries credentials are the user's own: no browser or proxy may
 * keep them (a shared computer's back button, a caching proxy).
 */
export const noStoreWhenAuthenticated = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  await next();
  if (c.req.header('authorization') || getCookie(c, SESSION_COOKIE)) c.res.headers.set('Cache-Control', 'no-store');
};

/**
 * Bearer token for API clients; the httpOnly session cookie for the browser. A cookie-carried
 * unsafe request must come from our own origin (CSRF), and any unsafe request that names a
 * foreign Origin is refused, so no other site can log a visitor in or out either.
 */
export const session = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  const { deps } = c.get('services');
  const header = c.req.header('authorization');
  const bearer = header?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  const cookie = bearer ? undefined : getCookie(c, SESSION_COOKIE);

  if (UNSAFE.has(c.req.method)) {
    const origin = c.req.header('origin');
    const referer = c.req.header('referer');
    const host = c.req.header('host');
    const source = origin ?? referer;
    const foreign = source !== undefined && !sameOrigin(source, host, deps.config.publicUrl);
    if (foreign || (cookie && !source)) throw forbidden('errors:csrf');
  }

  const token = bearer ?? cookie;
  if (token) {
    const user = await authenticate(deps.db, token, deps.now());
    if (user) {
      c.set('user', user);
      const context = logContext();
      if (context) context.user_id = user.id;
      c.set('token', token);
      // A call that names its language (the site's client always does) tells us the user's.
      if (c.req.header('lang')) await rememberLocale(deps.db, user, c.get('lang'));
    } else if (bearer) {
      throw new AppError('UNAUTHENTICATED', { key: 'auth:msg.session_expired' });
    }
  }
  await next();
};
