import { DEFAULT_PRODUCT_IMAGE } from '../images.ts';
import type { ProductView } from '../views/catalogue.ts';

/**
 * What /checkout is built from (SPEC §3 "Checkout item"), kept in browser storage under
 * 'checkout': written by the cart page (a selection of cart lines) and by buy-now (one item,
 * quantity 1), read by the checkout page.
 */
export interface CheckoutItem {
  cart_id: number | null;
  quantity: number;
  notes: string;
  trip_id: number;
  product_id: number;
  product_slug: string;
  product_name: string;
  product_photo: string;
  product_price: number;
  product_weight: number;
  /** The traveller; `photo` is empty when they have none (the avatar shows initials). */
  user: { id: number; name: string; photo: string; address: string | null };
  trip: ProductView['trip'];
}

export const CHECKOUT_STORAGE_KEY = 'checkout';

/** A checkout item for a product (and the cart line it comes from, if any). */
export function checkoutItemOf(product: ProductView, quantity: number, cartId: number | null = null): CheckoutItem {
  return {
    cart_id: cartId,
    quantity,
    notes: '',
    trip_id: product.trip_id,
    product_id: product.id,
    product_slug: product.slug,
    product_name: product.name,
    product_photo: product.product_images[0]?.src ?? DEFAULT_PRODUCT_IMAGE,
    product_price: product.price,
    product_weight: product.weight,
    user: { id: product.user.id, name: product.user.name, photo: product.user.photo_profile ?? '', address: null },
    trip: product.trip,
  };
}

const isItem = (x: unknown): x is CheckoutItem => {
  if (!x || typeof x !== 'object') return false;
  const i = x as Record<string, unknown>;
  return (
    Number.isSafeInteger(i.product_id) &&
    Number.isSafeInteger(i.trip_id) &&
    Number.isSafeInteger(i.quantity) &&
    (i.quantity as number) >= 1 &&
    Number.isSafeInteger(i.product_price) &&
    typeof i.product_name === 'string' &&
    !!i.user &&
    !!i.trip
  );
};

/** The stored list; anything unreadable or malformed reads as empty. */
export function readCheckout(storage: Pick<Storage, 'getItem'>): CheckoutItem[] {
  try {
    const parsed: unknown = JSON.parse(storage.getItem(CHECKOUT_STORAGE_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isItem).map((i) => ({ ...i, notes: typeof i.notes === 'string' ? i.notes : '', cart_id: i.cart_id ?? null })) : [];
  } catch {
    return [];
  }
}

export function writeCheckout(storage: Pick<Storage, 'setItem'>, items: CheckoutItem[]) {
  storage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify(items));
}

/** Items grouped by trip: one order (and one courier) per trip. */
export function groupByTrip<T extends { trip_id: number }>(items: T[]): { trip_id: number; items: T[] }[] {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const list = groups.get(item.trip_id) ?? [];
    list.push(item);
    groups.set(item.trip_id, list);
  }
  return [...groups].map(([trip_id, list]) => ({ trip_id, items: list }));
}
