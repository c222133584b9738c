import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  forgotPasswordSchema,
  googleCodeSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from '../../lib/schemas/auth.ts';
import {
  getProfile,
  issueSession,
  login,
  loginWithGoogle,
  register,
  requestPasswordReset,
  resetPassword,
  revokeSession,
} from '../domain/accounts/index.ts';
import type { IssuedSession } from '../domain/accounts/sessions.ts';
import { AppError } from '../errors.ts';
import { SESSION_COOKIE } from '../../lib/session-cookie.ts';
import { grantConfiguredOperator } from '../domain/operators/roles.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { baseUrl, clientIp, ok } from './http.ts';

const GOOGLE_STATE_COOKIE = 'titipan_google_state';

/** Secure cookies when the site is served over https (from configuration, not the request). */
function isSecure(c: Context<ApiEnv>) {
  return c.get('services').deps.config.publicUrl.startsWith('https:');
}

/** Sets the browser session cookie (httpOnly: page scripts never see the token). */
function setSessionCookie(c: Context<ApiEnv>, issued: IssuedSession) {
  setCookie(c, SESSION_COOKIE, issued.token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isSecure(c),
    path: '/',
    maxAge: issued.expiresIn,
  });
}

async function sessionResponse(c: Context<ApiEnv>, issued: IssuedSession, messageKey: string, status: 200 | 201 = 200) {
  setSessionCookie(c, issued);
  // OPERATOR_EMAILS takes effect at login and registration too, not only at start.
  await grantConfiguredOperator(c.get('services').deps, issued.user);
  const profile = await getProfile(c.get('services').deps.db, issued.user, c.get('lang'));
  return ok(c, { token: issued.token, expires_in: issued.expiresIn, user: profile }, messageKey, { name: issued.user.name }, status);
}

export const authRoutes = new Hono<ApiEnv>()
  .post(
    '/register',
    route({ guestPages: 'unchanged', body: registerSchema }, async (c, { body }) => {
      const { deps } = c.get('services');
      const user = await register(deps, body, clientIp(c), c.get('lang'));
      return sessionResponse(c, await issueSession(deps, user), 'auth:msg.register_ok', 201);
    }),
  )
  .post(
    '/login',
    route({ guestPages: 'unchanged', body: loginSchema }, async (c, { body }) => sessionResponse(c, await login(c.get('services').deps, body, clientIp(c)), 'auth:msg.login_ok')),
  )
  .post(
    '/logout',
    route({ guestPages: 'unchanged' }, async (c) => {
      const token = c.get('token');
      if (token) await revokeSession(c.get('services').deps.db, token, c.get('services').deps.now());
      deleteCookie(c, SESSION_COOKIE, { path: '/' });
      return ok(c, null, 'auth:msg.logout_ok');
    }),
  )
  .post(
    '/forgot-password',
    route({ guestPages: 'unchanged', body: forgotPasswordSchema }, async (c, { body }) => {
      await requestPasswordReset(c.get('services').deps, body.email, { baseUrl: baseUrl(c), locale: c.get('lang'), ip: clientIp(c) });
      return ok(c, null, 'auth:msg.forgot_sent');
    }),
  )
  .post(
    '/reset-password',
    route({ guestPages: 'unchanged', body: resetPasswordSchema }, async (c, { body }) => {
      await resetPassword(c.get('services').deps, body.token, body.password);
      return ok(c, null, 'auth:msg.reset_ok');
    }),
  )
  .get(
    '/auth-google',
    route({ answers: 'redirect' }, (c) => {
      // Starts the Google code flow: PKCE verifier and state ride in a short-lived httpOnly cookie.
      const google = c.get('services').google;
      if (!google) throw new AppError('SERVICE_UNAVAILABLE', { key: 'auth:msg.google_unavailable' });
      const { url, state, codeVerifier } = google.start();
      setCookie(c, GOOGLE_STATE_COOKIE, `${state}.${codeVerifier}`, {
        httpOnly: true,
        sameSite: 'Lax',
        secure: isSecure(c),
        path: '/',
        maxAge: 600,
      });
      return c.redirect(url);
    }),
  )
  .post(
    '/check-auth-google',
    route({ guestPages: 'unchanged', body: googleCodeSchema }, async (c, { body: { code, state } }) => {
      const google = c.get('services').google;
      if (!google) throw new AppError('SERVICE_UNAVAILABLE', { key: 'auth:msg.google_unavailable' });
      const [expectedState, verifier] = (getCookie(c, GOOGLE_STATE_COOKIE) ?? '').split('.');
      deleteCookie(c, GOOGLE_STATE_COOKIE, { path: '/' });
      if (!verifier || (state !== undefined && state !== expectedState)) throw new AppError('OAUTH_FAILED', { key: 'auth:msg.google_failed' });
      let identity;
      try {
        identity = await google.exchange(code, verifier);
      } catch {
        throw new AppError('OAUTH_FAILED', { key: 'auth:msg.google_failed' });
      }
      return sessionResponse(c, await loginWithGoogle(c.get('services').deps, identity), 'auth:msg.login_ok');
    }),
  )
  .get(
    '/users/me',
    route({ user: true }, async (c, { user }) => ok(c, await getProfile(c.get('services').deps.db, user, c.get('lang')))),
  );
