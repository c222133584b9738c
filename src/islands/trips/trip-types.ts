import type { PopupTrip } from '../../lib/stores/popup.ts';
import type { TripStatus } from '../../lib/schemas/trips.ts';

/** A trip as GET /v1/users/trips returns it (and as pages pass it to islands). */
export interface TripItem extends PopupTrip {
  status: TripStatus;
  products_count: number;
}

/** A row of GET /v1/misc/global-cities-with-country: the trip popup's city search. */
export interface CityWithCountry {
  id: number;
  name: string;
  country_id: number;
  country_name: string;
}

/** A row of GET /v1/misc/global-cities (a city within one chosen country). */
export interface CityRow {
  id: number;
  name: string;
  country_id: number;
}

export interface ListPage<T> {
  rows: T[];
  total: number;
  page: number;
  per_page: number;
  last_page: number;
}
