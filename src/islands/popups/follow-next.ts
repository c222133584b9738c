import { openPopup, type PopupNext } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { flashAndGo } from '../ui/flash.ts';

/**
 * After a popup's work is done: go where its opener asked (`next`), carrying the server's
 * success message; with no `next`, toast it and close. Answers 'navigating' when the page is
 * about to change, so the form stays busy until it does.
 */
export function followNext(next: PopupNext | null, message: string | undefined, close: () => void): 'navigating' | void {
  if (next && 'href' in next) {
    flashAndGo(message, next.href);
    return 'navigating';
  }
  if (next && 'reload' in next) {
    flashAndGo(message);
    return 'navigating';
  }
  if (message) toast.success(message);
  if (next) openPopup(next.popup); // replaces this popup; anything queued stays queued
  else close();
}
