import { atom, map } from 'nanostores';
import type { PaymentType } from '../../lib/orders/vocabulary.ts';
import type { ExpeditionOption } from '../../lib/views/orders.ts';

/** What the select-courier popup quotes for: one trip's products to one sub-district. */
export const $courierQuery = atom<{ trip_id: number; destination_sub_district_id: number; products: { product_id: number; quantity: number }[] } | null>(null);

/** The courier chosen per trip (trip_id → option), filled by the select-courier popup. */
export const $chosenCouriers = map<Record<string, ExpeditionOption>>({});

/** The payment method chosen by the select-payment-method popup. */
export const $paymentMethod = atom<{ payment_type: PaymentType; name: string } | null>(null);
