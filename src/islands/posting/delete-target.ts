import { atom } from 'nanostores';
import { openPopup } from '../../lib/stores/popup.ts';

/**
 * What the `delete-product-confirmation` popup deletes. The shared popup state has no field
 * telling a product from a request, so the posting screens hand the popup this instead.
 */
export interface DeleteTarget {
  kind: 'product' | 'request';
  id: number;
  name: string;
}

export const $deleteTarget = atom<DeleteTarget | null>(null);

/** Asks for confirmation; once deleted, the popup opens `redirect` (the list the item was on). */
export function confirmDelete(target: DeleteTarget, redirect: string) {
  $deleteTarget.set(target);
  openPopup('delete-product-confirmation', { id: target.id, next: { href: redirect } });
}
