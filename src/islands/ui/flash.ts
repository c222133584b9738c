import { toast } from '../../lib/stores/toast.ts';

/** One key for every page: whichever page loads next shows the message (the toaster reads it). */
const KEY = 'titipan:flash';

/**
 * A success message that survives one navigation: a change that reloads or leaves the page
 * (a delete, a saved trip) leaves its message for the next page. sessionStorage: this tab only,
 * gone once shown.
 */
export function flashNext(message: string | undefined) {
  if (!message) return;
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage disabled: the next page simply shows no toast.
  }
}

/** Leaves `message` for the next page, then opens `href` (or reloads this page). */
export function flashAndGo(message: string | undefined, href?: string) {
  flashNext(message);
  if (href) window.location.assign(href);
  else window.location.reload();
}

/** Shows, once, the message the previous page left. */
export function showFlash() {
  try {
    const message = sessionStorage.getItem(KEY);
    if (!message) return;
    sessionStorage.removeItem(KEY);
    toast.success(message);
  } catch {
    // Storage disabled.
  }
}

/** The login page, coming back to this page (and `hash`, e.g. '#discussion') afterwards. */
export function loginHref(hash = '') {
  return `/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search + hash)}`;
}

/** Sends a signed-out visitor to log in and come back here. */
export function redirectToLogin(hash = '') {
  window.location.assign(loginHref(hash));
}
