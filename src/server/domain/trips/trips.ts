import { and, asc, count, desc, eq } from 'drizzle-orm';
import { todayIso } from '../../../lib/dates.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { pageOf, type Page, type TripView } from '../../../lib/views/index.ts';
import type { TripCreateInput, TripStatus, TripUpdateInput } from '../../../lib/schemas/trips.ts';
import { effectiveDates } from '../../../lib/trip-dates.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import { products, tripChanges, trips } from '../../db/schema.ts';
import { conflict, invalid, notFound } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { blockers } from '../hooks.ts';
import { findCity } from '../places/cities.ts';
import { effectiveArrival, tripPhaseIs } from './trip-dates-sql.ts';
import { selectTrips, tripView } from './trip-view.ts';
import { literal } from '../../db/literal.ts';

const ORDER = { created_at: trips.createdAt, arrival_date: effectiveArrival } as const;
export type TripOrder = keyof typeof ORDER;

export async function listTrips(
  deps: Pick<Deps, 'db' | 'now'>,
  userId: number,
  q: { page: number; per_page: number; orderby: TripOrder; sort: 'asc' | 'desc'; status?: TripStatus },
  locale: Locale,
): Promise<Page<TripView>> {
  const today = todayIso(deps.now());
  const where = and(eq(trips.userId, userId), q.status ? tripPhaseIs(q.status, today) : undefined);
  const [{ total }] = await deps.db.select({ total: count() }).from(trips).where(where);
  const column = ORDER[q.orderby];
  const rows = await selectTrips(deps.db, locale)
    .where(where)
    .orderBy(q.sort === 'asc' ? asc(column) : desc(column), desc(trips.id))
    .limit(literal(q.per_page))
    .offset(literal((q.page - 1) * q.per_page));
  return pageOf(rows.map((r) => tripView(r, today)), total, q.page, q.per_page);
}

/** The owner's trip; another user's trip id reads as not found. */
export async function getOwnTrip(deps: Pick<Deps, 'db' | 'now'>, userId: number, id: number, locale: Locale): Promise<TripView> {
  const [row] = await selectTrips(deps.db, locale).where(and(eq(trips.id, id), eq(trips.userId, userId)));
  if (!row) throw notFound('places:trip.not_found');
  return tripView(row, todayIso(deps.now()));
}

async function cityInCountry(db: DbOrTx, cityId: number, countryId: number, field: string, key: string) {
  const city = await findCity(db, cityId);
  if (!city || city.countryId !== countryId) throw invalid({ [field]: key });
}

export async function createTrip(deps: Pick<Deps, 'db' | 'now'>, userId: number, input: TripCreateInput, locale: Locale) {
  await cityInCountry(deps.db, input.origin_city_id, input.origin_country_id, 'origin_city_id', 'places:trip.origin_required');
  await cityInCountry(deps.db, input.destination_city_id, input.destination_country_id, 'destination_city_id', 'places:trip.destination_required');
  const [row] = await deps.db
    .insert(trips)
    .values({
      userId,
      originCountryId: input.origin_country_id,
      originCityId: input.origin_city_id,
      destinationCountryId: input.destination_country_id,
      destinationCityId: input.destination_city_id,
      arrivalDate: input.arrival_date,
      deliveryDate: input.delivery_date,
      additionalInformation: input.additional_information || null,
    })
    .returning({ id: trips.id });
  return getOwnTrip(deps, userId, row.id, locale);
}

/**
 * New dates with a reason. The first published dates stay in arrival/delivery_date; the new
 * ones go to updated_*; every change is kept in trip_changes.
 */
export async function updateTrip(deps: Pick<Deps, 'db' | 'now' | 'hooks'>, userId: number, id: number, input: TripUpdateInput, locale: Locale) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const trip = await lockOwnTrip(tx, deps, userId, id, locale);
    if (trip.status !== 'ACTIVE') throw conflict('TRIP_NOT_EDITABLE', 'places:trip.not_editable');
    const { arrival: fromArrival, delivery: fromDelivery } = effectiveDates(trip);
    await tx
      .update(trips)
      .set({
        updatedArrivalDate: input.arrival_date,
        updatedDeliveryDate: input.delivery_date,
        reason: input.reason,
        additionalInformation: input.additional_information ?? trip.additional_information,
        updatedAt: now,
      })
      .where(eq(trips.id, id));
    await tx.insert(tripChanges).values({
      tripId: id,
      fromArrivalDate: fromArrival,
      toArrivalDate: input.arrival_date,
      fromDeliveryDate: fromDelivery,
      toDeliveryDate: input.delivery_date,
      reason: input.reason,
    });
    for (const effect of deps.hooks.onTripDatesChanged) await effect(tx, id);
  });
  return getOwnTrip(deps, userId, id, locale);
}

/**
 * The owner's trip read inside `tx` with its row locked (FOR UPDATE) until the transaction ends:
 * a product posted on it, a change of dates or another cancel waits, so what is decided on the
 * trip stays true when the transaction commits.
 */
async function lockOwnTrip(tx: Tx, deps: Pick<Deps, 'now'>, userId: number, id: number, locale: Locale): Promise<TripView> {
  const [row] = await tx
    .select({ id: trips.id })
    .from(trips)
    .where(and(eq(trips.id, id), eq(trips.userId, userId)))
    .for('update');
  if (!row) throw notFound('places:trip.not_found');
  return getOwnTrip({ db: tx, now: deps.now }, userId, id, locale);
}

/**
 * Cancels a trip unless another domain reports an active shipping, refund or appeal ticket
 * (then 409 with the reason, which the trip-cancel-failed popup shows). The blockers run inside
 * the cancelling transaction, on the locked trip. Cancelling hides the trip's pre-orders; the
 * orders domain cancels pending offers, unpaid payments and unconfirmed purchases through the
 * onTripCancelled hook, in the same transaction.
 */
export async function cancelTrip(deps: Pick<Deps, 'db' | 'now' | 'hooks'>, userId: number, id: number, locale: Locale) {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    const trip = await lockOwnTrip(tx, deps, userId, id, locale);
    if (trip.status === 'CANCELLED') throw conflict('INVALID_TRANSITION', 'places:trip.already_cancelled');
    const reasons = await blockers(deps.hooks.tripCancelBlockers, tx, id);
    if (reasons.length) throw conflict('BLOCKED', reasons[0]);
    await tx.update(trips).set({ status: 'CANCELLED', updatedAt: now }).where(eq(trips.id, id));
    await tx.update(products).set({ active: false, updatedAt: now }).where(eq(products.tripId, id));
    for (const effect of deps.hooks.onTripCancelled) await effect(tx, id);
  });
  return getOwnTrip(deps, userId, id, locale);
}
