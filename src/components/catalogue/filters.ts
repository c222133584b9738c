import type { TFunction } from 'i18next';
import type { ListingQuery } from '../../lib/schemas/catalogue.ts';
import type { PopupName } from '../../lib/stores/popup.ts';
import type { PlaceNames, ProductView, RequestView } from '../../lib/views/index.ts';
import { hrefWith } from './listing.ts';

/** An active filter as a removable chip: a plain link to the same listing without it. */
export interface FilterChip {
  key: string;
  label: string;
  /** The listing without this filter. */
  href: string;
}

/** A filter button: opens the named filter popup, which sets its parameters and navigates. */
export interface FilterButton {
  popup: Extract<PopupName, 'filter-trip' | 'filter-origin' | 'filter-destination' | 'filter-country'>;
  label: string;
  active: boolean;
  /** The trip filter lists the viewer's own trips: guests log in first. */
  needsLogin?: boolean;
}

/** A trip as chips show it. */
export interface TripLabel {
  id: number;
  origin_city: { name: string };
  destination_city: { name: string };
}

const place = (city: string | undefined, country: string | undefined) => [city, country].filter(Boolean).join(', ');

const noNames: PlaceNames = { countries: {}, cities: {} };
const nameOf = (map: Record<number, string>, id: number | undefined) => (id ? map[id] : undefined);

/** The country and city ids a listing's filters name. */
export function filterPlaceIds(q: ListingQuery) {
  const countryIds = [q.origin_country_id, q.destination_country_id, q.country_id].filter((x): x is number => !!x);
  const cityIds = [q.origin_city_id, q.destination_city_id].filter((x): x is number => !!x);
  return { countryIds, cityIds };
}

/**
 * Names for the ids in the URL. The listing rows already carry them when they match; a filter
 * with no results falls back to a neutral label.
 */
export function productChips(q: ListingQuery, url: URL, rows: ProductView[], t: TFunction, trip?: TripLabel, names: PlaceNames = noNames): FilterChip[] {
  const chips: FilterChip[] = [];
  const unknown = t('market:filter.selected_place');
  if (q.search) chips.push({ key: 'search', label: t('market:filter.search_chip', { search: q.search }), href: hrefWith(url, { search: null }) });
  if (q.trip_id) {
    const route = trip ?? rows.find((r) => r.trip.id === q.trip_id)?.trip;
    chips.push({
      key: 'trip',
      label: route ? t('market:filter.trip_chip', { route: `${route.origin_city.name} → ${route.destination_city.name}` }) : t('market:filter.trip_any'),
      href: hrefWith(url, { trip_id: null }),
    });
  }
  if (q.origin_country_id || q.origin_city_id) {
    const city = nameOf(names.cities, q.origin_city_id) ?? rows.find((r) => r.trip.origin_city.id === q.origin_city_id)?.trip.origin_city.name;
    const country = nameOf(names.countries, q.origin_country_id) ?? rows.find((r) => r.trip.origin_country.id === q.origin_country_id)?.trip.origin_country.name;
    chips.push({ key: 'origin', label: t('market:filter.from_chip', { place: place(city, country) || unknown }), href: hrefWith(url, { origin_country_id: null, origin_city_id: null }) });
  }
  if (q.destination_country_id || q.destination_city_id) {
    const city = nameOf(names.cities, q.destination_city_id) ?? rows.find((r) => r.trip.destination_city.id === q.destination_city_id)?.trip.destination_city.name;
    const country = nameOf(names.countries, q.destination_country_id) ?? rows.find((r) => r.trip.destination_country.id === q.destination_country_id)?.trip.destination_country.name;
    chips.push({ key: 'destination', label: t('market:filter.to_chip', { place: place(city, country) || unknown }), href: hrefWith(url, { destination_country_id: null, destination_city_id: null }) });
  }
  if (q.country_id) {
    const country = nameOf(names.countries, q.country_id) ?? rows.find((r) => r.trip.origin_country.id === q.country_id)?.trip.origin_country.name;
    chips.push({ key: 'country', label: t('market:filter.bought_in_chip', { country: country ?? unknown }), href: hrefWith(url, { country_id: null }) });
  }
  return chips;
}

export function requestChips(q: ListingQuery, url: URL, rows: RequestView[], t: TFunction, trip?: TripLabel, names: PlaceNames = noNames): FilterChip[] {
  const chips: FilterChip[] = [];
  const unknown = t('market:filter.selected_place');
  if (q.search) chips.push({ key: 'search', label: t('market:filter.search_chip', { search: q.search }), href: hrefWith(url, { search: null }) });
  if (q.trip_id) {
    chips.push({
      key: 'trip',
      label: trip ? t('market:filter.trip_chip', { route: `${trip.origin_city.name} → ${trip.destination_city.name}` }) : t('market:filter.trip_any'),
      href: hrefWith(url, { trip_id: null }),
    });
  }
  if (q.origin_country_id || q.origin_city_id) {
    const country = nameOf(names.countries, q.origin_country_id) ?? rows.find((r) => r.buy_from_country?.id === q.origin_country_id)?.buy_from_country?.name;
    chips.push({ key: 'origin', label: t('market:filter.buy_from_chip', { country: country ?? unknown }), href: hrefWith(url, { origin_country_id: null, origin_city_id: null }) });
  }
  if (q.country_id) {
    const country = nameOf(names.countries, q.country_id) ?? rows.find((r) => r.buy_from_country?.id === q.country_id)?.buy_from_country?.name;
    chips.push({ key: 'country', label: t('market:filter.buy_from_chip', { country: country ?? unknown }), href: hrefWith(url, { country_id: null }) });
  }
  if (q.destination_country_id || q.destination_city_id) {
    const country = nameOf(names.countries, q.destination_country_id) ?? rows.find((r) => r.deliver_to_country?.id === q.destination_country_id)?.deliver_to_country?.name;
    chips.push({ key: 'destination', label: t('market:filter.deliver_to_chip', { country: country ?? unknown }), href: hrefWith(url, { destination_country_id: null, destination_city_id: null }) });
  }
  return chips;
}

/** Which filters each listing offers (the filter popups are shared with the dashboard). */
export function productFilterButtons(q: ListingQuery, t: TFunction): FilterButton[] {
  return [
    { popup: 'filter-origin', label: t('market:filter.origin'), active: Boolean(q.origin_country_id || q.origin_city_id) },
    { popup: 'filter-destination', label: t('market:filter.destination'), active: Boolean(q.destination_country_id || q.destination_city_id) },
    { popup: 'filter-country', label: t('market:filter.country'), active: Boolean(q.country_id) },
  ];
}

export function requestFilterButtons(q: ListingQuery, t: TFunction): FilterButton[] {
  return [
    { popup: 'filter-trip', label: t('market:filter.my_trip'), active: Boolean(q.trip_id), needsLogin: true },
    { popup: 'filter-country', label: t('market:filter.buy_from'), active: Boolean(q.country_id || q.origin_country_id) },
    { popup: 'filter-destination', label: t('market:filter.deliver_to'), active: Boolean(q.destination_country_id || q.destination_city_id) },
  ];
}
