import type { PopupTrip } from '../../lib/stores/popup.ts';
import { effectiveDates } from '../../lib/trip-dates.ts';

/** 'Tokyo, Japan': how a city is labelled wherever a route is shown or chosen. */
export const placeLabel = (city: string, country: string) => `${city}, ${country}`;

export const originLabel = (trip: PopupTrip) => placeLabel(trip.origin_city.name, trip.origin_country.name);
export const destinationLabel = (trip: PopupTrip) => placeLabel(trip.destination_city.name, trip.destination_country.name);

/** 'Tokyo, Japan → Jakarta, Indonesia', in a sentence or a label. */
export const routeArrow = (trip: PopupTrip) => `${originLabel(trip)} → ${destinationLabel(trip)}`;

/** The dates that apply now (effectiveDates), and the first published ones where they differ. */
export function tripDates(trip: PopupTrip) {
  const dates = effectiveDates(trip);
  return {
    ...dates,
    originalArrival: dates.arrival !== trip.arrival_date ? trip.arrival_date : null,
    originalDelivery: dates.delivery !== trip.delivery_date ? trip.delivery_date : null,
  };
}
