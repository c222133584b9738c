import { formatDate } from '../../lib/format.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import type { PopupAddress, PopupTrip } from '../../lib/stores/popup.ts';
import { effectiveDates } from '../../lib/trip-dates.ts';
import type { AddressView, ProductTrip } from '../../lib/views/index.ts';

/** How the posting screens describe a trip and an address (forms and dashboard alike). */

/** 'Tokyo, Japan' */
export const place = (city: { name: string }, country: { name: string }) => (city.name === country.name ? city.name : `${city.name}, ${country.name}`);

export function tripSummary(trip: PopupTrip, locale: Locale) {
  const { arrival, delivery } = effectiveDates(trip);
  return {
    from: place(trip.origin_city, trip.origin_country),
    to: place(trip.destination_city, trip.destination_country),
    arrival: formatDate(arrival, locale),
    delivery: formatDate(delivery, locale),
  };
}

/** The lines of an address card: the street, then the area (city, province, country, postal code). */
export function addressLines(a: PopupAddress): { detail: string; area: string } {
  // The API's address rows carry `pos_code {id, code}` beside the numeric `pos_code_id`.
  const extra = a as PopupAddress & { pos_code?: { code: string } | null };
  const pos = a.pos_code_id && typeof a.pos_code_id === 'object' ? a.pos_code_id.code : extra.pos_code?.code;
  const area = [a.city?.name, a.province?.name, a.country?.name, pos].filter(Boolean).join(', ');
  return { detail: a.detail, area };
}

type Named = { id: number; name: string };

/** A product's trip (API shape) as the select-trip popup passes trips around. */
export function toPopupTrip(trip: ProductTrip): PopupTrip {
  const named = (n: Named) => ({ id: n.id, name: n.name });
  return {
    id: trip.id,
    origin_city: named(trip.origin_city),
    origin_country: named(trip.origin_country),
    destination_city: named(trip.destination_city),
    destination_country: named(trip.destination_country),
    arrival_date: trip.arrival_date,
    delivery_date: trip.delivery_date,
    status: trip.status,
  };
}

/** An address row (API shape) as the select-address popup passes addresses around. */
export function toPopupAddress(a: AddressView): PopupAddress {
  return {
    id: a.id,
    name: a.name,
    phone_number: a.phone_number,
    label: a.label,
    detail: a.detail,
    country_id: a.country_id,
    province_id: a.province_id,
    city_id: a.city_id,
    sub_district_id: a.sub_district_id,
    pos_code_id: a.pos_code,
    country: a.country,
    province: a.province,
    city: a.city,
  };
}
