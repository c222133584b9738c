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
  /** Where to go once deleted. */
  redirect: string;
}

export const $deleteTarget = atom<DeleteTarget | null>(null);

/** Asks for confirmation, then the popup deletes and navigates to `target.redirect`. */
export function confirmDelete(target: DeleteTarget) {
  $deleteTarget.set(target);
  openPopup('delete-product-confirmation', { id: target.id });
}
