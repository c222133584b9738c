import type { TripStatus } from '../schemas/trips.ts';

/** A traveller's trip (GET /v1/users/trips rows, /v1/users/trips/{id}; the dashboard's trip pages). */
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
  /** An operator checked the traveller's proof of travel ("confirmed trip" badge). */
  confirmed_trip: boolean;
  created_at: string;
}
