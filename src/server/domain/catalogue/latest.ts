import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { Db } from '../../db/client.ts';
import { countries, globalCities, products, requestImages, requests, trips, users } from '../../db/schema.ts';
import { imageSrc } from '../../../lib/images.ts';
import { imagesFor } from './product-view.ts';
import { and, inArray } from 'drizzle-orm';

export interface ProductCard {
  id: number;
  slug: string;
  name: string;
  price: number;
  image: string | null;
  stock: number;
  user: { id: number; name: string; username: string; photo_profile: string | null };
  trip: { origin_city: string; destination_city: string; arrival_date: string };
}

export interface RequestCard {
  id: number;
  slug: string;
  name: string;
  price_eta: number;
  quantity: number;
  traveler_tip: number;
  image: string | null;
  from_country: string | null;
  user: { id: number; name: string; username: string; photo_profile: string | null };
}

const origin = alias(globalCities, 'origin_city');
const destination = alias(globalCities, 'destination_city');

/** The newest active pre-order products, for the home page and listings. */
export async function latestProducts(db: Db, limit = 8): Promise<ProductCard[]> {
  const rows = await db
    .select({
      p: products,
      u: { id: users.id, name: users.name, username: users.username, photo: users.photoProfile },
      origin: origin.name,
      destination: destination.name,
      arrival: trips.arrivalDate,
    })
    .from(products)
    .innerJoin(users, eq(users.id, products.userId))
    .innerJoin(trips, eq(trips.id, products.tripId))
    .innerJoin(origin, eq(origin.id, trips.originCityId))
    .innerJoin(destination, eq(destination.id, trips.destinationCityId))
    .where(eq(products.active, true))
    .orderBy(desc(products.createdAt))
    .limit(limit);
  const imgs = await imagesFor(db, rows.map((r) => r.p.id), true);
  return rows.map((r) => ({
    id: r.p.id,
    slug: r.p.slug,
    name: r.p.name,
    price: r.p.price,
    image: imgs.get(r.p.id)?.[0]?.src ?? null,
    stock: r.p.stock,
    user: { id: r.u.id, name: r.u.name, username: r.u.username, photo_profile: r.u.photo },
    trip: { origin_city: r.origin, destination_city: r.destination, arrival_date: r.arrival },
  }));
}

/** The newest open buyer requests. */
export async function latestRequests(db: Db, locale: Locale, limit = 8): Promise<RequestCard[]> {
  const rows = await db
    .select({
      r: requests,
      u: { id: users.id, name: users.name, username: users.username, photo: users.photoProfile },
      from: locale === 'id' ? countries.nameId : countries.nameEn,
    })
    .from(requests)
    .innerJoin(users, eq(users.id, requests.userId))
    .leftJoin(countries, eq(countries.id, requests.buyFromCountryId))
    .where(eq(requests.active, true))
    .orderBy(desc(requests.createdAt))
    .limit(limit);
  const firstImages = rows.length
    ? await db
        .select({ requestId: requestImages.requestId, imageId: requestImages.imageId })
        .from(requestImages)
        .where(and(inArray(requestImages.requestId, rows.map((r) => r.r.id)), eq(requestImages.position, 0)))
    : [];
  const imageOf = new Map(firstImages.map((i) => [i.requestId, imageSrc(i.imageId, 320)]));
  return rows.map((r) => ({
    id: r.r.id,
    slug: r.r.slug,
    name: r.r.name,
    price_eta: r.r.priceEta,
    quantity: r.r.quantity,
    traveler_tip: r.r.travelerTip,
    image: imageOf.get(r.r.id) ?? null,
    from_country: r.from,
    user: { id: r.u.id, name: r.u.name, username: r.u.username, photo_profile: r.u.photo },
  }));
}
