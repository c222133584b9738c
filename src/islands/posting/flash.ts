import { toast } from '../../lib/stores/toast.ts';

const KEY = 'titipan:flash';

/**
 * A success message that survives one navigation (a delete lands on another page, where the
 * toast is shown). Kept in sessionStorage: this tab only, gone once shown.
 */
export function flashNext(message: string | undefined) {
  if (!message) return;
  try {
    sessionStorage.setItem(KEY, message);
  } catch {
    // Storage disabled: the next page simply shows no toast.
  }
}

export function showFlash() {
  try {
    const message = sessionStorage.getItem(KEY);
    if (message) {
      sessionStorage.removeItem(KEY);
      toast.success(message);
    }
  } catch {
    // Storage disabled.
  }
}
