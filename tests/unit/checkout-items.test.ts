import { describe, expect, it } from 'vitest';
import { CHECKOUT_STORAGE_KEY, checkoutItemOf, groupByTrip, readCheckout, writeCheckout } from '../../src/lib/orders/checkout-items.ts';
import { formatDeadline, timeLeft } from '../../src/lib/orders/deadline.ts';
import type { ProductView } from '../../src/lib/views/catalogue.ts';

const trip = {
  id: 7,
  origin_city: { id: 1, name: 'Tokyo' },
  origin_country: { id: 392, name: 'Japan', iso2: 'JP' },
  destination_city: { id: 2, name: 'Jakarta' },
  destination_country: { id: 360, name: 'Indonesia', iso2: 'ID' },
  arrival_date: '2026-12-05',
  delivery_date: '2026-12-08',
  dates_changed: false,
  confirmed_trip: false,
  status: 'open',
};
const product = (id: number, tripId = 7): ProductView => ({
  id,
  slug: `p-${id}`,
  name: `Product ${id}`,
  description: '',
  price: 185_000,
  weight: 200,
  stock: 5,
  max_per_order: 10,
  active: true,
  trip_id: tripId,
  request_id: null,
  created_at: '2026-11-01T00:00:00Z',
  product_images: [],
  user: { id: 3, name: 'Tara', username: 'tara', photo_profile: null },
  trip: { ...trip, id: tripId },
});

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
}

describe('the checkout list (SPEC §3 checkout item)', () => {
  it('carries every checkout-item field, with the default photo and no cart line for buy-now', () => {
    const item = checkoutItemOf(product(1), 1);
    expect(item).toMatchObject({ cart_id: null, quantity: 1, notes: '', trip_id: 7, product_id: 1, product_slug: 'p-1', product_name: 'Product 1', product_price: 185_000, product_weight: 200 });
    expect(item.product_photo).toMatch(/placeholder/);
    expect(item.user).toEqual({ id: 3, name: 'Tara', photo: '', address: null });
    expect(item.trip.id).toBe(7);
  });

  it('round-trips through storage and drops what is malformed', () => {
    const storage = memoryStorage();
    writeCheckout(storage, [checkoutItemOf(product(1), 2, 11)]);
    expect(readCheckout(storage)).toEqual([checkoutItemOf(product(1), 2, 11)]);
    storage.setItem(CHECKOUT_STORAGE_KEY, JSON.stringify([{ product_id: 'x' }, { ...checkoutItemOf(product(2), 1), quantity: 0 }, checkoutItemOf(product(3), 1)]));
    expect(readCheckout(storage).map((i) => i.product_id)).toEqual([3]);
    storage.setItem(CHECKOUT_STORAGE_KEY, '{not json');
    expect(readCheckout(storage)).toEqual([]);
  });

  it('groups items by trip, one order per trip, keeping their order', () => {
    const items = [checkoutItemOf(product(1, 7), 1), checkoutItemOf(product(2, 8), 1), checkoutItemOf(product(3, 7), 1)];
    expect(groupByTrip(items).map((g) => [g.trip_id, g.items.map((i) => i.product_id)])).toEqual([
      [7, [1, 3]],
      [8, [2]],
    ]);
  });
});

describe('the payment deadline', () => {
  it('counts down in hours, minutes and seconds and never below zero', () => {
    const deadline = '2026-11-24T12:00:00Z';
    expect(timeLeft(deadline, Date.parse('2026-11-23T10:58:30Z'))).toMatchObject({ hours: 25, minutes: 1, seconds: 30 });
    expect(timeLeft(deadline, Date.parse('2026-11-25T00:00:00Z'))).toEqual({ total: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it('is printed in Western Indonesia Time in both languages', () => {
    expect(formatDeadline('2026-11-24T12:05:00Z', 'en')).toMatch(/24 November 2026.*19:05 WIB$/);
    expect(formatDeadline('2026-11-24T12:05:00Z', 'id')).toMatch(/24 November 2026.*19[.:]05 WIB$/);
  });
});
