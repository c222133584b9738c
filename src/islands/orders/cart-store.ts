import { atom } from 'nanostores';
import { api } from '../../lib/api.ts';
import type { CartLine } from '../../lib/views/orders.ts';

/** The signed-in user's cart lines, shared by the header dropdown, the product page and /cart (null: not loaded). */
export const $cart = atom<CartLine[] | null>(null);

let loading: Promise<CartLine[]> | null = null;

/** Loads (or reloads) the cart from GET /v1/carts. */
export function refreshCart(): Promise<CartLine[]> {
  loading ??= api
    .get('/carts')
    .then((lines) => {
      $cart.set(lines);
      return lines;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** How many items the cart holds (sum of quantities). */
export const cartCount = (lines: CartLine[] | null) => (lines ?? []).reduce((n, l) => n + l.quantity, 0);
