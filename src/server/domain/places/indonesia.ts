import { and, asc, eq } from 'drizzle-orm';
import type { Area, AreaCity, AreaSubDistrict, PosCode } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { idnCities, idnProvinces, idnSubDistricts, posCodes } from '../../db/schema.ts';

export const listProvinces = (db: Db): Promise<Area[]> =>
  db.select({ id: idnProvinces.id, name: idnProvinces.name }).from(idnProvinces).orderBy(asc(idnProvinces.name));

export const listCities = (db: Db, provinceId: number, limit: number, offset: number): Promise<AreaCity[]> =>
  db
    .select({ id: idnCities.id, name: idnCities.name, province_id: idnCities.provinceId })
    .from(idnCities)
    .where(eq(idnCities.provinceId, provinceId))
    .orderBy(asc(idnCities.name))
    .limit(limit)
    .offset(offset);

export const listSubDistricts = (db: Db, cityId: number, limit: number, offset: number): Promise<AreaSubDistrict[]> =>
  db
    .select({ id: idnSubDistricts.id, name: idnSubDistricts.name, city_id: idnSubDistricts.cityId })
    .from(idnSubDistricts)
    .where(eq(idnSubDistricts.cityId, cityId))
    .orderBy(asc(idnSubDistricts.name))
    .limit(limit)
    .offset(offset);

/** Postal codes already known for a sub-district (learned from saved addresses). */
export const listPosCodes = (db: Db, subDistrictId: number): Promise<PosCode[]> =>
  db
    .select({ id: posCodes.id, code: posCodes.code, sub_district_id: posCodes.subDistrictId })
    .from(posCodes)
    .where(eq(posCodes.subDistrictId, subDistrictId))
    .orderBy(asc(posCodes.code));

/** The chain province ⊃ city ⊃ sub-district must hold; returns which link is broken. */
export async function checkAreaChain(
  db: Db,
  ids: { province_id: number; city_id: number; sub_district_id: number },
): Promise<'province_id' | 'city_id' | 'sub_district_id' | null> {
  const [province] = await db.select({ id: idnProvinces.id }).from(idnProvinces).where(eq(idnProvinces.id, ids.province_id));
  if (!province) return 'province_id';
  const [city] = await db
    .select({ id: idnCities.id })
    .from(idnCities)
    .where(and(eq(idnCities.id, ids.city_id), eq(idnCities.provinceId, ids.province_id)));
  if (!city) return 'city_id';
  const [sub] = await db
    .select({ id: idnSubDistricts.id })
    .from(idnSubDistricts)
    .where(and(eq(idnSubDistricts.id, ids.sub_district_id), eq(idnSubDistricts.cityId, ids.city_id)));
  if (!sub) return 'sub_district_id';
  return null;
}

/** The id of a postal code in a sub-district, creating it the first time someone uses it. */
export async function posCodeId(db: Db, subDistrictId: number, code: string): Promise<number> {
  await db.insert(posCodes).values({ subDistrictId, code }).onConflictDoNothing();
  const [row] = await db
    .select({ id: posCodes.id })
    .from(posCodes)
    .where(and(eq(posCodes.subDistrictId, subDistrictId), eq(posCodes.code, code)));
  return row.id;
}
