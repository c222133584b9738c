import { api } from '../../lib/api.ts';
import { safeRedirect } from '../../lib/redirect.ts';
import { $user } from '../../lib/stores/session.ts';

/** Google sends the user to /authentication without our query string: the target waits here. */
const GOOGLE_REDIRECT_KEY = 'titipan.google-redirect';

/**
 * After the session cookie is set (login, register, Google): load the profile into `$user`,
 * then open the requested same-site page or the purchases dashboard.
 */
export async function completeSignIn(redirect: string | null | undefined): Promise<'navigating'> {
  $user.set(await api.get('/users/me'));
  window.location.assign(safeRedirect(redirect));
  return 'navigating';
}

export function rememberGoogleRedirect(redirect: string | null | undefined) {
  try {
    if (redirect) sessionStorage.setItem(GOOGLE_REDIRECT_KEY, safeRedirect(redirect));
    else sessionStorage.removeItem(GOOGLE_REDIRECT_KEY);
  } catch {
    /* storage disabled: the user simply lands on the default page */
  }
}

export function takeGoogleRedirect(): string | null {
  try {
    const value = sessionStorage.getItem(GOOGLE_REDIRECT_KEY);
    sessionStorage.removeItem(GOOGLE_REDIRECT_KEY);
    return value;
  } catch {
    return null;
  }
}
