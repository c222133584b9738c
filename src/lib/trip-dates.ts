import type { TripStatus } from './schemas/trips.ts';

/**
 * The one rule for a trip's dates (SPEC §3), on 'YYYY-MM-DD' strings — no clock, no time zone:
 * `arrival_date`/`delivery_date` stay as first published, `updated_*` are set once the traveller
 * moves the trip, and the updated ones then apply. The server's SQL twin is
 * src/server/domain/trips/trip-dates-sql.ts.
 */
export interface TripDates {
  arrival_date: string;
  delivery_date: string;
  updated_arrival_date?: string | null;
  updated_delivery_date?: string | null;
}

export interface EffectiveDates {
  arrival: string;
  delivery: string;
  /** True once the traveller moved the dates. */
  changed: boolean;
}

/** The dates that apply now: the updated ones when set, else the first ones. */
export function effectiveDates(trip: TripDates): EffectiveDates {
  return {
    arrival: trip.updated_arrival_date ?? trip.arrival_date,
    delivery: trip.updated_delivery_date ?? trip.delivery_date,
    changed: trip.updated_arrival_date != null || trip.updated_delivery_date != null,
  };
}

/**
 * Where a trip stands on `today` ('YYYY-MM-DD', Asia/Jakarta — see todayIso): CANCELLED once
 * cancelled; FINISHED when its current delivery date is before today; else ACTIVE (it still
 * takes pre-orders, delivery day included).
 */
export function tripPhase(trip: TripDates & { status: string }, today: string): TripStatus {
  if (trip.status === 'CANCELLED') return 'CANCELLED';
  return effectiveDates(trip).delivery < today ? 'FINISHED' : 'ACTIVE';
}
