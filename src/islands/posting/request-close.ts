import { atom } from 'nanostores';
import { api } from '../../lib/api.ts';
import { openPopup } from '../../lib/stores/popup.ts';
import { flashAndGo } from '../ui/flash.ts';

/** The request the `close-request-confirmation` popup closes (the shared popup state has no name field). */
export interface CloseTarget {
  id: number;
  name: string;
}

export const $closeTarget = atom<CloseTarget | null>(null);

/** Asks before closing: a closed request leaves the listings until it is reopened. */
export function confirmClose(target: CloseTarget) {
  $closeTarget.set(target);
  openPopup('close-request-confirmation', { id: target.id, next: { reload: true } });
}

/** Reopening needs no confirmation: it only puts the request back on the listings. */
export async function reopenRequest(id: number) {
  const res = await api('POST', `/users/requests/${id}/reopen`);
  flashAndGo(res.message);
}
