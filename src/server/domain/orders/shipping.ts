import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { globalCities, idnCities, idnSubDistricts, posCodes, products, trips } from '../../db/schema.ts';
import type { Couriers, ExpeditionOption } from '../../integrations/couriers/types.ts';
import { orderConflict, orderInvalid } from './errors.ts';

/**
 * Courier options for some products of one trip sent to an Indonesian sub-district: the trip's
 * destination city is where the traveller hands the parcel over, the weight is the products'.
 */
export async function quoteShipping(
  db: DbOrTx,
  couriers: Couriers,
  q: { tripId: number; subDistrictId: number; items: { product_id: number; quantity: number }[] },
): Promise<ExpeditionOption[]> {
  const [trip] = await db
    .select({ id: trips.id, cityName: globalCities.name, countryId: trips.destinationCountryId })
    .from(trips)
    .innerJoin(globalCities, eq(globalCities.id, trips.destinationCityId))
    .where(eq(trips.id, q.tripId));
  if (!trip) throw orderInvalid({ trip_id: 'places:trip.not_found' });
  const [area] = await db
    .select({ cityId: idnCities.id, provinceId: idnCities.provinceId })
    .from(idnSubDistricts)
    .innerJoin(idnCities, eq(idnCities.id, idnSubDistricts.cityId))
    .where(eq(idnSubDistricts.id, q.subDistrictId));
  if (!area) throw orderInvalid({ destination_sub_district_id: 'orders:checkout.address_not_shippable' });
  const ids = [...new Set(q.items.map((i) => i.product_id))];
  const rows = await db
    .select({ id: products.id, weight: products.weight })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.tripId, q.tripId)));
  if (rows.length !== ids.length) throw orderConflict('orders:checkout.product_not_on_trip');
  const weightOf = new Map(rows.map((r) => [r.id, r.weight]));
  const [postal] = await db.select({ code: posCodes.code }).from(posCodes).where(eq(posCodes.subDistrictId, q.subDistrictId)).orderBy(posCodes.id).limit(1);
  const weightGrams = q.items.reduce((sum, i) => sum + (weightOf.get(i.product_id) ?? 0) * i.quantity, 0);
  return couriers.quote({
    originCityName: trip.cityName,
    originCountryId: trip.countryId,
    destinationProvinceId: area.provinceId,
    destinationCityId: area.cityId,
    destinationSubDistrictId: q.subDistrictId,
    destinationPostalCode: postal?.code,
    weightGrams,
  });
}
