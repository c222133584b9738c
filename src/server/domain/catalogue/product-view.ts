import { and, asc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { imageRef, type ImageRef } from '../../../lib/images.ts';
import { DEFAULT_MAX_PER_ORDER } from '../../../lib/orders/vocabulary.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { effectiveDates } from '../../../lib/trip-dates.ts';
import type { ProductView } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { productImages, products, trips, users } from '../../db/schema.ts';
import { cityNameSql, countryIsoSql, countryNameSql } from '../places/names-sql.ts';
import { confirmedTripSql } from '../trips/proofs.ts';
import { tripDatesOf } from '../trips/trip-dates-sql.ts';

/** A product's columns but its search vector (kept for the GIN index, never shown). */
const { searchTsv: _searchTsv, ...productColumns } = getTableColumns(products);

export function selectProducts(db: Db, locale: Locale) {
  return db
    .select({
      p: productColumns,
      u: { id: users.id, name: users.name, username: users.username, photo: users.photoProfile },
      t: trips,
      oCity: cityNameSql(trips.originCityId),
      dCity: cityNameSql(trips.destinationCityId),
      oCountry: countryNameSql(trips.originCountryId, locale),
      oIso: countryIsoSql(trips.originCountryId),
      dCountry: countryNameSql(trips.destinationCountryId, locale),
      dIso: countryIsoSql(trips.destinationCountryId),
      confirmedTrip: confirmedTripSql(trips.id),
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .innerJoin(trips, eq(trips.id, products.tripId));
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

type Product = typeof products.$inferSelect;
type Trip = typeof trips.$inferSelect;

/** What a product view is made of: a `selectProducts` row, or one of the `product_cards` function. */
export interface ProductViewRow {
  p: Pick<Product, 'id' | 'slug' | 'name' | 'description' | 'price' | 'weight' | 'stock' | 'active' | 'tripId' | 'requestId' | 'createdAt'> & Partial<Pick<Product, 'maxPerOrder'>>;
  u: ProductRow['u'];
  t: Pick<Trip, 'id' | 'originCityId' | 'originCountryId' | 'destinationCityId' | 'destinationCountryId' | 'arrivalDate' | 'deliveryDate' | 'updatedArrivalDate' | 'updatedDeliveryDate' | 'status'>;
  oCity: string;
  dCity: string;
  oCountry: string;
  oIso: string;
  dCountry: string;
  dIso: string;
  confirmedTrip: boolean;
}

/** A row of the `product_cards` function (migrations 0014 and 0016). */
interface CardRow {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number | string;
  weight: number;
  stock: number;
  active: boolean;
  trip_id: number;
  request_id: number | null;
  created_ms: number;
  user_id: number;
  user_name: string;
  username: string;
  photo_profile: string | null;
  origin_country_id: number;
  origin_city_id: number;
  destination_country_id: number;
  destination_city_id: number;
  arrival_date: string;
  delivery_date: string;
  updated_arrival_date: string | null;
  updated_delivery_date: string | null;
  trip_status: string;
  origin_city: string;
  destination_city: string;
  origin_country: string;
  origin_iso2: string;
  destination_country: string;
  destination_iso2: string;
  confirmed_trip: boolean;
  /** The image id of the product's first photo (position 0), if any (migration 0016). */
  first_image: string | null;
}

const fromCard = (c: CardRow): ProductViewRow => ({
  p: { id: c.id, slug: c.slug, name: c.name, description: c.description, price: Number(c.price), weight: c.weight, stock: c.stock, active: c.active, tripId: c.trip_id, requestId: c.request_id, createdAt: new Date(c.created_ms) },
  u: { id: c.user_id, name: c.user_name, username: c.username, photo: c.photo_profile },
  t: {
    id: c.trip_id,
    originCityId: c.origin_city_id,
    originCountryId: c.origin_country_id,
    destinationCityId: c.destination_city_id,
    destinationCountryId: c.destination_country_id,
    arrivalDate: c.arrival_date,
    deliveryDate: c.delivery_date,
    updatedArrivalDate: c.updated_arrival_date,
    updatedDeliveryDate: c.updated_delivery_date,
    status: c.trip_status,
  },
  oCity: c.origin_city,
  dCity: c.destination_city,
  oCountry: c.origin_country,
  oIso: c.origin_iso2,
  dCountry: c.destination_country,
  dIso: c.destination_iso2,
  confirmedTrip: c.confirmed_trip,
});

/**
 * Product views (cards: first image only) by id, in the order of `ids`, through the `product_cards`
 * function, whose join is planned once per session where the same SELECT sent from here was planned
 * on every call; it names each card's first photo too (one round trip). Ids that are not products
 * are left out.
 */
export async function productCards(db: Db, ids: number[], locale: Locale): Promise<ProductView[]> {
  if (!ids.length) return [];
  // Integers from the database: a literal array is safe.
  const result = (await db.execute(sql`select * from product_cards(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::integer[], ${locale})`)) as unknown as { rows: CardRow[] };
  const byId = new Map(result.rows.map((c) => [c.id, c]));
  return ids.flatMap((id) => {
    const card = byId.get(id);
    return card ? [productView(fromCard(card), card.first_image ? [imageRef(card.first_image)] : [])] : [];
  });
}

/** Image refs per product, in order; `firstOnly` for cards. */
export async function imagesFor(db: Db, productIds: number[], firstOnly = false): Promise<Map<number, ImageRef[]>> {
  const out = new Map<number, ImageRef[]>();
  if (!productIds.length) return out;
  const rows = await db
    .select({ productId: productImages.productId, imageId: productImages.imageId })
    .from(productImages)
    .where(
      firstOnly
        ? and(inArray(productImages.productId, productIds), eq(productImages.position, 0))
        : inArray(productImages.productId, productIds),
    )
    .orderBy(asc(productImages.productId), asc(productImages.position));
  for (const r of rows) {
    const list = out.get(r.productId) ?? [];
    list.push(imageRef(r.imageId));
    out.set(r.productId, list);
  }
  return out;
}

export function productView(r: ProductViewRow, imgs: ImageRef[]): ProductView {
  const t = r.t;
  const dates = effectiveDates(tripDatesOf(t));
  return {
    id: r.p.id,
    slug: r.p.slug,
    name: r.p.name,
    description: r.p.description,
    price: r.p.price,
    weight: r.p.weight,
    stock: r.p.stock,
    max_per_order: r.p.maxPerOrder ?? DEFAULT_MAX_PER_ORDER,
    active: r.p.active,
    trip_id: r.p.tripId,
    request_id: r.p.requestId,
    created_at: r.p.createdAt.toISOString(),
    product_images: imgs,
    user: { id: r.u.id, name: r.u.name, username: r.u.username, photo_profile: r.u.photo },
    trip: {
      id: t.id,
      origin_city: { id: t.originCityId, name: r.oCity },
      origin_country: { id: t.originCountryId, name: r.oCountry, iso2: r.oIso },
      destination_city: { id: t.destinationCityId, name: r.dCity },
      destination_country: { id: t.destinationCountryId, name: r.dCountry, iso2: r.dIso },
      arrival_date: dates.arrival,
      delivery_date: dates.delivery,
      dates_changed: dates.changed,
      status: t.status,
      confirmed_trip: !!r.confirmedTrip,
    },
  };
}

/** Builds views for a page of rows, fetching images in one query. */
export async function productViews(db: Db, rows: ProductViewRow[], firstImageOnly: boolean): Promise<ProductView[]> {
  const imgs = await imagesFor(db, rows.map((r) => r.p.id), firstImageOnly);
  return rows.map((r) => productView(r, imgs.get(r.p.id) ?? []));
}
