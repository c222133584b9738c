import { atom } from 'nanostores';
import type { CheckoutItem } from '../../lib/orders/checkout-items.ts';

/** The product the buy-now popup is about (set by the product page's "Buy now"). */
export const $buyNowItem = atom<CheckoutItem | null>(null);
