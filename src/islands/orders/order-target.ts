import { atom } from 'nanostores';
import type { PartyRole } from '../../lib/orders/vocabulary.ts';

/** The order the dealing popups act on (set by the detail page's action buttons). */
export interface OrderTarget {
  id: number;
  role: PartyRole;
  quantity: number;
  product_price: number;
  traveler_tip: number;
  shipping_fee: number;
  total_price: number;
  platform_fee_percent: number;
}

export const $orderTarget = atom<OrderTarget | null>(null);
