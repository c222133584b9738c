/** Where a user lands after signing in when no (valid) `redirect` was asked for. */
export const AFTER_LOGIN_PATH = '/dashboard/purchase';

/**
 * The `redirect` query parameter when it is a path on this site, else the fallback.
 * Only '/…' paths pass: no scheme, no protocol-relative '//host', no '/\host' (browsers read
 * the backslash as a slash), no control characters that a browser would strip.
 */
export function safeRedirect(value: string | null | undefined, fallback: string = AFTER_LOGIN_PATH): string {
  if (!value || value.length > 2048) return fallback;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(value)) return fallback;
  return value;
}

/** `path` with `?redirect=…` kept, so login ↔ register links remember where the user was going. */
export function withRedirect(path: string, redirect: string | null | undefined): string {
  if (!redirect) return path;
  const safe = safeRedirect(redirect, '');
  return safe ? `${path}?redirect=${encodeURIComponent(safe)}` : path;
}

/** Pages whose guests are sent to log in, and the title that tells them why (auth:login_for.*). */
const LOGIN_REASONS = { '/post/make-request': 'post_request', '/post/pre-order': 'post_preorder' } as const;
export type LoginReason = (typeof LOGIN_REASONS)[keyof typeof LOGIN_REASONS];

/** Why the login page was opened, told by where the guest was going (`redirect`); undefined when it says nothing. */
export function loginReason(redirect: string | null | undefined): LoginReason | undefined {
  const path = safeRedirect(redirect, '').split(/[?#]/)[0];
  return Object.hasOwn(LOGIN_REASONS, path) ? LOGIN_REASONS[path as keyof typeof LOGIN_REASONS] : undefined;
}
