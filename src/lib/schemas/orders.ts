import { z } from 'zod';
import { CANCEL_REASON_IDS, COMPLAINT_REASONS, OTHER_REASON_ID, PAYMENT_TYPES, STAGES } from '../orders/vocabulary.ts';
import { moneyField } from './catalogue.ts';
import { msg, textField } from './common.ts';
import { idField } from './ids.ts';
import { pagingQuery } from './paging.ts';

/** Orders' input schemas: the server parses with them, the popups validate with them. */

const notes = textField(msg.invalid).trim().max(500, { error: 'orders:field.notes_too_long' }).optional();
const quantity = z
  .int({ error: 'orders:field.quantity' })
  .min(1, { error: 'orders:field.quantity' })
  .max(1000, { error: 'orders:field.quantity' });
const shippingId = z.string({ error: 'orders:checkout.choose_courier' }).min(1, { error: 'orders:checkout.choose_courier' }).max(60, { error: msg.invalid });

export const cartAddSchema = z.object({ product_id: idField('catalogue:product.not_found'), quantity: quantity.default(1) });
export const cartUpdateSchema = z.object({ quantity });

export const expeditionsSchema = z.object({
  destination_sub_district_id: idField('orders:checkout.choose_address'),
  trip_id: idField('places:trip.not_found'),
  products: z
    .array(z.object({ product_id: idField('catalogue:product.not_found'), quantity }), { error: msg.invalid })
    .min(1, { error: 'orders:checkout.empty' })
    .max(50, { error: msg.invalid }),
});

export const checkoutSchema = z.object({
  address_id: idField('orders:checkout.choose_address'),
  items: z
    .array(
      z.object({ product_id: idField('catalogue:product.not_found'), quantity, notes, cart_id: idField(msg.invalid).nullish() }),
      { error: msg.invalid },
    )
    .min(1, { error: 'orders:checkout.empty' })
    .max(50, { error: msg.invalid }),
  shipping: z
    .array(z.object({ trip_id: idField('places:trip.not_found'), shipping_id: shippingId }), { error: 'orders:checkout.choose_courier' })
    .max(50, { error: msg.invalid })
    .default([]),
});
export type CheckoutInput = z.infer<typeof checkoutSchema>;

const tip = moneyField('orders:field.traveler_tip');
const shippingFee = moneyField('orders:field.shipping_fee');

/** The parcel's weight a unit, in grams (1 g to 50 kg): prices the shipping-fee ceiling; a kilogram when left out. */
const unitWeight = z
  .int({ error: 'orders:field.weight' })
  .min(1, { error: 'orders:field.weight' })
  .max(50_000, { error: 'orders:field.weight' })
  .optional();

export const takeRequestSchema = z.object({ shipping_fee: shippingFee, trip_id: idField('orders:field.trip'), notes, weight: unitWeight });
export const travelerBidSchema = z.object({
  weight: unitWeight,
  product_price: moneyField('orders:field.product_price', 1),
  traveler_tip: tip,
  shipping_fee: shippingFee,
  trip_id: idField('orders:field.trip'),
  notes,
});
export const requesterCounterSchema = z.object({
  transaction_id: idField('orders:error.not_found'),
  traveler_tip: tip,
  shipping_fee: shippingFee,
  product_price: moneyField('orders:field.product_price', 1).optional(),
});
export const travelerCounterSchema = z.object({
  traveler_tip: tip,
  shipping_fee: shippingFee,
  product_price: moneyField('orders:field.product_price', 1).optional(),
});
export const bidUpdateSchema = z.object({ traveler_tip: tip, shipping_fee: shippingFee });
export type BidAmounts = { product_price?: number; traveler_tip: number; shipping_fee: number };

/**
 * Cancel with a reason: `canceled_reason` is a preset id (1–3) or 4 with `canceled_note`; a plain
 * string (`rejected_by_requester` / `rejected_by_traveler`) rejects an open offer (SPEC §4).
 */
export const cancelSchema = z
  .object({
    canceled_reason: z.union([z.literal(CANCEL_REASON_IDS), z.string().trim().min(1).max(40)], { error: 'orders:cancel.choose_reason' }),
    canceled_note: textField(msg.invalid).trim().max(500, { error: 'orders:field.notes_too_long' }).optional(),
  })
  .refine((v) => v.canceled_reason !== OTHER_REASON_ID || !!v.canceled_note, { path: ['canceled_note'], error: 'orders:cancel.note_required' });
export type CancelInput = z.infer<typeof cancelSchema>;

export const paySchema = z.object({ payment_type: z.enum(PAYMENT_TYPES, { error: 'orders:pay.choose_method' }).default('bank_transfer') });

export const confirmPurchaseSchema = z.object({
  receipt_image_id: z.string({ error: 'orders:purchase.receipt_required' }).uuid({ error: 'orders:purchase.receipt_required' }),
  notes,
});
export const deliverSchema = z.object({
  resi: textField('orders:ship.resi_required').trim().min(3, { error: 'orders:ship.resi_required' }).max(60, { error: msg.invalid }),
  courier_name: textField('orders:ship.courier_required').trim().min(2, { error: 'orders:ship.courier_required' }).max(60, { error: msg.invalid }),
});
export const complaintSchema = z.object({
  reason: z.enum(COMPLAINT_REASONS, { error: 'orders:refund.choose_reason' }),
  note: notes,
  image_ids: z.array(z.string().uuid({ error: msg.invalid })).max(6, { error: msg.invalid }).default([]),
});

export const ordersQuery = pagingQuery(10, 50).extend({
  side: z.enum(['purchase', 'sale'], { error: msg.invalid }).default('purchase'),
  stage: z.enum(STAGES, { error: msg.invalid }).optional(),
});
