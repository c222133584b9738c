import { z } from 'zod';
import { MAX_IMAGES_PER_POST } from '../images.ts';
import { msg } from './common.ts';

/** Money fields are whole Rupiah: integers, never negative (the money input blocks '-' and decimals). */
export const moneyField = (requiredKey: string, min = 0) =>
  z.coerce
    .number({ error: requiredKey })
    .refine(Number.isFinite, { error: requiredKey })
    .int({ error: 'catalogue:money.integer' })
    .min(min, { error: min > 0 ? 'catalogue:money.positive' : 'catalogue:money.not_negative' })
    .max(1_000_000_000_000, { error: 'catalogue:money.too_big' });

const text = (requiredKey: string, min: number, max: number) =>
  z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .min(min, { error: 'catalogue:field.too_short' })
    .max(max, { error: 'catalogue:field.too_long' });

const imageIds = z
  .array(z.string().uuid({ error: msg.invalid }), { error: msg.invalid })
  .max(MAX_IMAGES_PER_POST, { error: 'catalogue:images.too_many' })
  .default([]);

const count = (requiredKey: string, max: number) =>
  z.coerce
    .number({ error: requiredKey })
    .int({ error: 'catalogue:field.whole_number' })
    .min(1, { error: 'catalogue:field.at_least_one' })
    .max(max, { error: 'catalogue:field.too_many' });

export const productSchema = z.object({
  name: text('catalogue:product.name_required', 3, 120),
  description: text('catalogue:product.description_required', 10, 5000),
  price: moneyField('catalogue:product.price_required', 1),
  weight: count('catalogue:product.weight_required', 50_000),
  stock: count('catalogue:product.stock_required', 999),
  trip_id: z.coerce.number({ error: 'places:filter.trip_required' }).int().positive({ error: 'places:filter.trip_required' }),
  images: imageIds,
  request_id: z.coerce.number().int().positive().optional(),
});
export type ProductInput = z.infer<typeof productSchema>;

export const requestSchema = z.object({
  name: text('catalogue:request.name_required', 3, 120),
  description: text('catalogue:request.description_required', 10, 5000),
  price_eta: moneyField('catalogue:request.price_required', 1),
  quantity: count('catalogue:request.quantity_required', 99),
  traveler_tip: moneyField('catalogue:request.tip_required', 0),
  buy_from_country_id: z.coerce
    .number({ error: 'catalogue:request.from_required' })
    .int()
    .positive({ error: 'catalogue:request.from_required' }),
  address_id: z.coerce.number({ error: 'catalogue:request.address_required' }).int().positive({ error: 'catalogue:request.address_required' }),
  images: imageIds,
});
export type RequestInput = z.infer<typeof requestSchema>;

export const LISTING_SORTS = ['newest', 'price_asc', 'price_desc', 'arrival'] as const;
export type ListingSort = (typeof LISTING_SORTS)[number];
export const LISTING_PAGE_SIZE = 24;

const optionalId = z.preprocess(
  (v) => (v === '' || v === undefined ? undefined : v),
  z.coerce.number({ error: msg.invalid }).int({ error: msg.invalid }).positive({ error: msg.invalid }).optional(),
);

/** Listing filters, the same in the URL of /products/* and in GET /v1/products|requests. */
export const listingQuery = z.object({
  page: z.coerce.number({ error: msg.invalid }).int().min(1).max(10_000).catch(1).default(1),
  per_page: z.coerce.number().int().min(1).max(60).catch(LISTING_PAGE_SIZE).default(LISTING_PAGE_SIZE),
  sort: z.enum(LISTING_SORTS).catch('newest').default('newest'),
  search: z.string().trim().max(100).optional(),
  trip_id: optionalId,
  origin_country_id: optionalId,
  origin_city_id: optionalId,
  destination_country_id: optionalId,
  destination_city_id: optionalId,
  country_id: optionalId,
  user_id: optionalId,
});
export type ListingQuery = z.infer<typeof listingQuery>;

export const messageSchema = z.object({
  message: z
    .string({ error: 'catalogue:discussion.required' })
    .trim()
    .min(1, { error: 'catalogue:discussion.required' })
    .max(1000, { error: 'catalogue:field.too_long' }),
});

export const REPORT_REASONS = ['prohibited', 'counterfeit', 'misleading', 'offensive', 'spam', 'other'] as const;
export const reportSchema = z.object({
  reason: z
    .string({ error: 'catalogue:report.required' })
    .trim()
    .min(1, { error: 'catalogue:report.required' })
    .max(1000, { error: 'catalogue:field.too_long' }),
});

export const favoriteSchema = z.object({
  type: z.enum(['Product', 'Request'], { error: msg.invalid }),
  id: z.coerce.number({ error: msg.required }).int().positive({ error: msg.invalid }),
});

export const followSchema = z.object({
  user_id: z.coerce.number({ error: msg.required }).int().positive({ error: msg.invalid }),
});
