import type { ListingQuery } from './schemas/catalogue.ts';
import { INDONESIA_ID } from './schemas/places.ts';

/** The 'send to' choice, kept in the `location` cookie as JSON. */
export interface LocationChoice {
  id: number;
  name: string;
  flag_image: string;
}

export const LOCATION_COOKIE = 'location';

/** Titipan is a marketplace for Indonesia: a visitor who chose nothing sends to Indonesia. */
export const DEFAULT_LOCATION: LocationChoice = { id: INDONESIA_ID, name: 'Indonesia', flag_image: '/flags/id.svg' };

export function parseLocation(raw: string | undefined | null): LocationChoice | undefined {
  if (!raw) return undefined;
  try {
    const v = JSON.parse(decodeURIComponent(raw)) as Partial<LocationChoice>;
    if (typeof v.id === 'number' && typeof v.name === 'string' && typeof v.flag_image === 'string' && /^\/flags\/[a-z]{2}\.svg$/.test(v.flag_image)) {
      return { id: v.id, name: v.name, flag_image: v.flag_image };
    }
  } catch {
    /* a tampered cookie is simply ignored */
  }
  return undefined;
}

/**
 * The one country a listing's goods must arrive in: a destination filter the visitor chose wins,
 * a chosen trip keeps its own route, otherwise the visitor's "send to" country (pages pass the
 * `location` cookie's country, Indonesia by default). Undefined: no limit.
 */
export function arrivalCountry(q: Pick<ListingQuery, 'destination_country_id' | 'send_to_country_id' | 'trip_id'>): number | undefined {
  return q.destination_country_id ?? (q.trip_id ? undefined : q.send_to_country_id);
}
