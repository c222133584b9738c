import { toast } from '../../lib/stores/toast.ts';

/**
 * A toast that survives one page load: trip pages are server-rendered, so after a change we
 * reload (or go to /dashboard/trip) and show the server's message on the next page.
 */
const KEY = 'titipan:trips-flash';

export function flashAndGo(message: string | undefined, href?: string) {
  try {
    if (message) sessionStorage.setItem(KEY, message);
  } catch {
    // Storage may be disabled; the page still changes, only the toast is lost.
  }
  if (href) window.location.assign(href);
  else window.location.reload();
}

/** Shows (once) a message left by `flashAndGo`. */
export function showFlash() {
  try {
    const message = sessionStorage.getItem(KEY);
    if (!message) return;
    sessionStorage.removeItem(KEY);
    toast.success(message);
  } catch {
    // ignore: see above
  }
}
