import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { $locale } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { Country } from '../../lib/views/index.ts';

/** SPEC §9: the address form (and the country setting) lists up to 500 countries at once. */
const COUNTRY_LIST_SIZE = 500;

const cache = new Map<string, Promise<unknown>>();

/**
 * Reference lists change only with a deploy: one request per list and language for the page's
 * lifetime, shared by every popup that needs it. A failed request is forgotten, so a retry asks again.
 */
function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const full = `${$locale.get()}|${key}`;
  let p = cache.get(full) as Promise<T> | undefined;
  if (!p) {
    p = load();
    cache.set(full, p);
    p.catch(() => cache.delete(full));
  }
  return p;
}

export const loadCountries = () =>
  cached('countries', async () => (await api.get('/misc/countries', { query: { per_page: COUNTRY_LIST_SIZE, orderby: 'name', sort: 'asc' } })).rows);

export const loadProvinces = () => cached('provinces', async () => (await api.get('/misc/provinces')).rows);

export const loadCities = (provinceId: number) =>
  cached(`cities:${provinceId}`, async () => (await api.get('/misc/cities', { query: { province_id: provinceId, per_page: 300 } })).rows);

export const loadSubDistricts = (cityId: number) =>
  cached(`subs:${cityId}`, async () => (await api.get('/misc/sub-districts', { query: { city_id: cityId, per_page: 300 } })).rows);

/** Postal codes people used before in a sub-district: suggestions only (no postal data set exists). Not cached: they grow. */
export const loadPosCodes = async (subDistrictId: number) =>
  (await api.get('/misc/pos-codes', { query: { sub_district_id: subDistrictId } })).rows;

export const loadPayoutBanks = () => cached('banks', async () => api.get('/misc/available-payout-banks'));

/** Every country (with its flag) once loaded; null until then, [] when it failed (with a toast). */
export function useCountries(): Country[] | null {
  const [countries, setCountries] = useState<Country[] | null>(null);
  useEffect(() => {
    loadCountries()
      .then(setCountries)
      .catch((err: Error) => {
        setCountries([]);
        toast.error(err.message);
      });
  }, []);
  return countries;
}
