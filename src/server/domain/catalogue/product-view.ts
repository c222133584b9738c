import { and, asc, eq, inArray, sql, type AnyColumn } from 'drizzle-orm';
import { imageRef, type ImageRef } from '../../../lib/images.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { effectiveDates } from '../../../lib/trip-dates.ts';
import type { ProductView } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { countries, globalCities, productImages, products, trips, users } from '../../db/schema.ts';
import { confirmedTripSql } from '../trips/proofs.ts';
import { tripDatesOf } from '../trips/trip-dates-sql.ts';

/**
 * A trip's city or country name as a scalar subquery: the same value as a join on the (not null,
 * foreign-keyed) id, but the statement then joins three tables instead of seven, which PostgreSQL
 * plans several times faster (PGlite plans every statement it is sent).
 */
const nameOf = (table: typeof globalCities | typeof countries, column: AnyColumn, id: AnyColumn) =>
  sql<string>`(select ${column} from ${table} where ${table.id} = ${id})`;

export function selectProducts(db: Db, locale: Locale) {
  return db
    .select({
      p: products,
      u: { id: users.id, name: users.name, username: users.username, photo: users.photoProfile },
      t: trips,
      oCity: nameOf(globalCities, globalCities.name, trips.originCityId),
      dCity: nameOf(globalCities, globalCities.name, trips.destinationCityId),
      oCountry: nameOf(countries, locale === 'id' ? countries.nameId : countries.nameEn, trips.originCountryId),
      oIso: nameOf(countries, countries.iso2, trips.originCountryId),
      dCountry: nameOf(countries, locale === 'id' ? countries.nameId : countries.nameEn, trips.destinationCountryId),
      dIso: nameOf(countries, countries.iso2, trips.destinationCountryId),
      confirmedTrip: confirmedTripSql(trips.id),
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .innerJoin(trips, eq(trips.id, products.tripId));
}

export type ProductRow = Awaited<ReturnType<ReturnType<typeof selectProducts>['execute']>>[number];

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

export function productView(r: ProductRow, imgs: ImageRef[]): ProductView {
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
export async function productViews(db: Db, rows: ProductRow[], firstImageOnly: boolean): Promise<ProductView[]> {
  const imgs = await imagesFor(db, rows.map((r) => r.p.id), firstImageOnly);
  return rows.map((r) => productView(r, imgs.get(r.p.id) ?? []));
}
