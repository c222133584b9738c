import { api } from '../../lib/api.ts';
import type { NamedRef } from '../../lib/stores/popup.ts';

/** SPEC §9 page sizes: city search 10, country search 10, picker options 300, trips 100. */
export const CITY_SEARCH_SIZE = 10;
export const COUNTRY_SEARCH_SIZE = 10;
export const CITY_PICKER_SIZE = 300;
export const TRIPS_PAGE_SIZE = 100;

/** The trip popup's typed search: cities anywhere, labelled with their country. */
export async function searchCitiesWithCountry(key: string, signal: AbortSignal) {
  const data = await api.get('/misc/global-cities-with-country', { query: { key, per_page: CITY_SEARCH_SIZE }, signal });
  return data.rows;
}

export async function searchCountries(key: string, signal?: AbortSignal, perPage = COUNTRY_SEARCH_SIZE): Promise<NamedRef[]> {
  const data = await api.get('/misc/countries', { query: { key, per_page: perPage, orderby: 'name', sort: 'asc' }, signal });
  return data.rows.map(({ id, name }) => ({ id, name }));
}

/** Cities of one country, biggest first, optionally by name prefix. */
export async function searchCitiesIn(countryId: number, key: string, signal?: AbortSignal, perPage = CITY_PICKER_SIZE): Promise<NamedRef[]> {
  const data = await api.get('/misc/global-cities', { query: { country_id: countryId, key, per_page: perPage }, signal });
  return data.rows.map(({ id, name }) => ({ id, name }));
}

/** The signed-in user's active trips (what select-trip and filter-trip offer). */
export async function activeTrips(signal?: AbortSignal) {
  const data = await api.get('/users/trips', { query: { status: 'ACTIVE', per_page: TRIPS_PAGE_SIZE, page: 1 }, signal });
  return data.rows;
}

/**
 * Names for ids found in a URL (a filter chosen earlier). The API has no look-up by id, so
 * these read the full country list, and the country's biggest cities; a small city outside
 * those is remembered by name from the last choice on this device.
 */
export async function countryById(id: number): Promise<NamedRef | null> {
  const rows = await searchCountries('', undefined, 500);
  return rows.find((c) => c.id === id) ?? null;
}

const CITY_NAMES_KEY = 'titipan:city-names';

export function rememberCity(city: NamedRef) {
  try {
    const names = JSON.parse(sessionStorage.getItem(CITY_NAMES_KEY) ?? '{}') as Record<string, string>;
    names[city.id] = city.name;
    sessionStorage.setItem(CITY_NAMES_KEY, JSON.stringify(names));
  } catch {
    // Storage disabled: the name is looked up instead.
  }
}

export async function cityById(countryId: number, id: number): Promise<NamedRef | null> {
  try {
    const names = JSON.parse(sessionStorage.getItem(CITY_NAMES_KEY) ?? '{}') as Record<string, string>;
    if (names[id]) return { id, name: names[id] };
  } catch {
    // fall through to the API
  }
  const rows = await searchCitiesIn(countryId, '', undefined, 1000);
  return rows.find((c) => c.id === id) ?? null;
}
