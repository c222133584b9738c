import { z } from 'zod';
import { MAX_IMAGES_PER_POST } from '../images.ts';
import { MAX_ORDER_AMOUNT, withinOrderMax } from '../money/index.ts';
import { msg, textField } from './common.ts';
import { idField, optionalIdText } from './ids.ts';

/**
 * A number in a JSON body: a real JSON number, never a string, boolean or null read as one
 * (`true` is not 1, `"0x10"` is not 16). Missing reads `requiredKey`, another type "invalid".
 */
const jsonNumber = (requiredKey: string) => z.number({ error: (issue) => (issue.input === undefined ? requiredKey : msg.invalid) });

/** Money fields are whole Rupiah: integers, never negative (the money input blocks '-' and decimals). */
export const moneyField = (requiredKey: string, min = 0) =>
  jsonNumber(requiredKey)
    .int({ error: 'catalogue:money.integer' })
    .min(min, { error: min > 0 ? 'catalogue:money.positive' : 'catalogue:money.not_negative' })
    .max(MAX_ORDER_AMOUNT, { error: 'catalogue:money.too_big' });

const text = (requiredKey: string, min: number, max: number) =>
  textField(requiredKey)
    .trim()
    .min(1, { error: requiredKey })
    .min(min, { error: 'catalogue:field.too_short' })
    .max(max, { error: 'catalogue:field.too_long' });

const imageIds = z
  .array(z.string().uuid({ error: msg.invalid }), { error: msg.invalid })
  .max(MAX_IMAGES_PER_POST, { error: 'catalogue:images.over_limit' })
  .default([]);

const count = (requiredKey: string, max: number) =>
  jsonNumber(requiredKey)
    .int({ error: 'catalogue:field.whole_number' })
    .min(1, { error: 'catalogue:field.below_min' })
    .max(max, { error: 'catalogue:field.above_max' });

export const productSchema = z.object({
  name: text('catalogue:product.name_required', 3, 120),
  description: text('catalogue:product.description_required', 10, 5000),
  price: moneyField('catalogue:product.price_required', 1),
  weight: count('catalogue:product.weight_required', 50_000),
  stock: count('catalogue:product.stock_required', 999),
  /** The most one order may take; left out, DEFAULT_MAX_PER_ORDER (10). */
  max_per_order: count('catalogue:product.max_per_order', 999).optional(),
  trip_id: idField('places:filter.trip_required'),
  images: imageIds,
  /** The request this pre-order fulfils (posted from /post/pre-order?request=). */
  request_id: idField('catalogue:product.request_invalid').optional(),
});
export type ProductInput = z.infer<typeof productSchema>;

export const requestSchema = z.object({
  name: text('catalogue:request.name_required', 3, 120),
  description: text('catalogue:request.description_required', 10, 5000),
  price_eta: moneyField('catalogue:request.price_required', 1),
  quantity: count('catalogue:request.quantity_required', 99),
  traveler_tip: moneyField('catalogue:request.tip_required', 0),
  buy_from_country_id: idField('catalogue:request.from_required'),
  address_id: idField('catalogue:request.address_required'),
  images: imageIds,
}).refine((r) => withinOrderMax({ lines: [{ price: r.price_eta, quantity: r.quantity }], travelerTip: r.traveler_tip }), {
  path: ['price_eta'],
  error: 'orders:amount.too_big',
});
export type RequestInput = z.infer<typeof requestSchema>;

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'arrival'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_PAGE_SIZE = 24;

const optionalId = optionalIdText();

/** A product's or request's slug in a path ('kit-kat-matcha-uji'); `error` for anything else. */
export const slugText = (error: string) => z.string({ error }).regex(/^[a-z0-9-]{1,160}$/, { error });

/** What people type into a search box (the header search, listings, the place pickers). */
export const searchKey = textField(msg.invalid).trim().max(100, { error: msg.invalid });

/** Listing filters, the same in the URL of /products/* and in GET /v1/products|requests. */
export const listingQuery = z.object({
  page: z.coerce.number({ error: msg.invalid }).int().min(1).max(10_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(60).catch(LISTING_PAGE_SIZE).default(LISTING_PAGE_SIZE),
  sort: z.enum(LISTING_SORTS).catch('newest').default('newest'),
  search: searchKey.optional(),
  trip_id: optionalId,
  origin_country_id: optionalId,
  origin_city_id: optionalId,
  destination_country_id: optionalId,
  destination_city_id: optionalId,
  country_id: optionalId,
  user_id: optionalId,
  /** The visitor's "send to" country: only what arrives there (ignored when a trip or destination is chosen). */
  send_to_country_id: optionalId,
});
export type ListingQuery = z.infer<typeof listingQuery>;

export const messageSchema = z.object({
  message: textField('catalogue:discussion.required')
    .trim()
    .min(1, { error: 'catalogue:discussion.required' })
    .max(1000, { error: 'catalogue:field.too_long' }),
});

export const REPORT_REASONS = ['prohibited', 'counterfeit', 'misleading', 'offensive', 'spam', 'other'] as const;
export const reportSchema = z.object({
  reason: textField('catalogue:report.required')
    .trim()
    .min(1, { error: 'catalogue:report.required' })
    .max(1000, { error: 'catalogue:field.too_long' }),
});

export const favoriteSchema = z.object({
  type: z.enum(['Product', 'Request'], { error: msg.invalid }),
  id: idField(),
});

export const followSchema = z.object({
  user_id: idField(),
});
