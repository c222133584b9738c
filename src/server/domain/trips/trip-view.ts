import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { TripStatus } from '../../../lib/schemas/trips.ts';
import type { Db } from '../../db/client.ts';
import { countries, globalCities, products, trips } from '../../db/schema.ts';

export interface TripView {
  id: number;
  user_id: number;
  origin_country: { id: number; name: string };
  origin_city: { id: number; name: string };
  destination_country: { id: number; name: string };
  destination_city: { id: number; name: string };
  /** As first published. */
  arrival_date: string;
  delivery_date: string;
  /** Set once the traveller changed the dates (the dates that now apply). */
  updated_arrival_date: string | null;
  updated_delivery_date: string | null;
  reason: string | null;
  additional_information: string | null;
  status: TripStatus;
  products_count: number;
  created_at: string;
}

const oCountry = alias(countries, 'o_country');
const dCountry = alias(countries, 'd_country');
const oCity = alias(globalCities, 'o_city');
const dCity = alias(globalCities, 'd_city');

/** The dates that apply now: the updated ones when the traveller changed them. */
export const effectiveArrival = sql<string>`coalesce(${trips.updatedArrivalDate}, ${trips.arrivalDate})`;
export const effectiveDelivery = sql<string>`coalesce(${trips.updatedDeliveryDate}, ${trips.deliveryDate})`;

/** ACTIVE trips whose delivery date has passed read as FINISHED. */
export function statusFilter(status: TripStatus, today: string): SQL {
  if (status === 'CANCELLED') return eq(trips.status, 'CANCELLED');
  if (status === 'FINISHED') return and(eq(trips.status, 'ACTIVE'), sql`${effectiveDelivery} < ${today}`)!;
  return and(eq(trips.status, 'ACTIVE'), sql`${effectiveDelivery} >= ${today}`)!;
}

export function selectTrips(db: Db, locale: Locale) {
  return db
    .select({
      t: trips,
      oCountry: locale === 'id' ? oCountry.nameId : oCountry.nameEn,
      dCountry: locale === 'id' ? dCountry.nameId : dCountry.nameEn,
      oCity: oCity.name,
      dCity: dCity.name,
      productsCount: sql<number>`(select count(*)::int from ${products} where ${products.tripId} = ${trips.id} and ${products.active})`,
    })
    .from(trips)
    .innerJoin(oCountry, eq(oCountry.id, trips.originCountryId))
    .innerJoin(dCountry, eq(dCountry.id, trips.destinationCountryId))
    .innerJoin(oCity, eq(oCity.id, trips.originCityId))
    .innerJoin(dCity, eq(dCity.id, trips.destinationCityId));
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTrips>['execute']>>[number];

export function tripView(r: Row, today: string): TripView {
  const t = r.t;
  const delivery = t.updatedDeliveryDate ?? t.deliveryDate;
  const status: TripStatus = t.status === 'CANCELLED' ? 'CANCELLED' : delivery < today ? 'FINISHED' : 'ACTIVE';
  return {
    id: t.id,
    user_id: t.userId,
    origin_country: { id: t.originCountryId, name: r.oCountry },
    origin_city: { id: t.originCityId, name: r.oCity },
    destination_country: { id: t.destinationCountryId, name: r.dCountry },
    destination_city: { id: t.destinationCityId, name: r.dCity },
    arrival_date: t.arrivalDate,
    delivery_date: t.deliveryDate,
    updated_arrival_date: t.updatedArrivalDate,
    updated_delivery_date: t.updatedDeliveryDate,
    reason: t.reason,
    additional_information: t.additionalInformation,
    status,
    products_count: Number(r.productsCount),
    created_at: t.createdAt.toISOString(),
  };
}
