import { and, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import type { TripStatus } from '../../../lib/schemas/trips.ts';
import type { TripDates } from '../../../lib/trip-dates.ts';
import { trips } from '../../db/schema.ts';

/**
 * The trip-dates rule of src/lib/trip-dates.ts as SQL over the `trips` table, for filters and
 * sorting: the updated dates when set, else the first ones; FINISHED once the current delivery
 * date is before today.
 */
export const effectiveArrival = sql<string>`coalesce(${trips.updatedArrivalDate}, ${trips.arrivalDate})`;
export const effectiveDelivery = sql<string>`coalesce(${trips.updatedDeliveryDate}, ${trips.deliveryDate})`;

/** Trips in `phase` on `today` (the SQL of `tripPhase`). */
export function tripPhaseIs(phase: TripStatus, today: string): SQL {
  if (phase === 'CANCELLED') return eq(trips.status, 'CANCELLED');
  return and(eq(trips.status, 'ACTIVE'), phase === 'FINISHED' ? lt(effectiveDelivery, today) : gte(effectiveDelivery, today))!;
}

/** A `trips` row's dates in the shape `effectiveDates` and `tripPhase` read. */
export function tripDatesOf(t: Pick<typeof trips.$inferSelect, 'arrivalDate' | 'deliveryDate' | 'updatedArrivalDate' | 'updatedDeliveryDate' | 'status'>): TripDates & { status: string } {
  return {
    arrival_date: t.arrivalDate,
    delivery_date: t.deliveryDate,
    updated_arrival_date: t.updatedArrivalDate,
    updated_delivery_date: t.updatedDeliveryDate,
    status: t.status,
  };
}
