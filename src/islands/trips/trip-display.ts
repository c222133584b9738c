import type { PopupTrip } from '../../lib/stores/popup.ts';

/** 'Tokyo, Japan': how a city is labelled wherever a route is shown or chosen. */
export const placeLabel = (city: string, country: string) => `${city}, ${country}`;

export const originLabel = (trip: PopupTrip) => placeLabel(trip.origin_city.name, trip.origin_country.name);
export const destinationLabel = (trip: PopupTrip) => placeLabel(trip.destination_city.name, trip.destination_country.name);

/** 'Tokyo, Japan → Jakarta, Indonesia', in a sentence or a label. */
export const routeArrow = (trip: PopupTrip) => `${originLabel(trip)} → ${destinationLabel(trip)}`;

/**
 * The dates that apply now, and the first published ones when the traveller changed them
 * (SPEC §3: arrival/delivery_date as first published, updated_* once changed).
 */
export function tripDates(trip: PopupTrip) {
  const arrival = trip.updated_arrival_date ?? trip.arrival_date;
  const delivery = trip.updated_delivery_date ?? trip.delivery_date;
  return {
    arrival,
    delivery,
    originalArrival: arrival !== trip.arrival_date ? trip.arrival_date : null,
    originalDelivery: delivery !== trip.delivery_date ? trip.delivery_date : null,
    changed: Boolean(trip.updated_arrival_date || trip.updated_delivery_date),
  };
}
