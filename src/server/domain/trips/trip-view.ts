import { sql } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import { tripPhase } from '../../../lib/trip-dates.ts';
import type { TripView } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { products, trips } from '../../db/schema.ts';
import { cityNameSql, countryNameSql, qualified } from '../places/names-sql.ts';
import { confirmedTripSql } from './proofs.ts';
import { tripDatesOf } from './trip-dates-sql.ts';

export function selectTrips(db: Db, locale: Locale) {
  return db
    .select({
      t: trips,
      oCountry: countryNameSql(trips.originCountryId, locale),
      dCountry: countryNameSql(trips.destinationCountryId, locale),
      oCity: cityNameSql(trips.originCityId),
      dCity: cityNameSql(trips.destinationCityId),
      productsCount: sql<number>`(select count(*)::int from ${products} where ${qualified(products.tripId)} = ${qualified(trips.id)} and ${qualified(products.active)})`,
      confirmedTrip: confirmedTripSql(trips.id),
    })
    .from(trips);
}

type Row = Awaited<ReturnType<ReturnType<typeof selectTrips>['execute']>>[number];

export function tripView(r: Row, today: string): TripView {
  const t = r.t;
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
    status: tripPhase(tripDatesOf(t), today),
    products_count: Number(r.productsCount),
    confirmed_trip: !!r.confirmedTrip,
    created_at: t.createdAt.toISOString(),
  };
}
