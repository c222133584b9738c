import { and, eq, inArray } from 'drizzle-orm';
import { formatRupiah } from '../../../lib/format.ts';
import { SHIPPING_FEE_ALLOWANCE, SHIPPING_FEE_QUOTE_TIMES } from '../../../lib/orders/vocabulary.ts';
import type { DbOrTx } from '../../db/client.ts';
import { globalCities, idnCities, idnSubDistricts, posCodes, products, trips } from '../../db/schema.ts';
import { createRateTableCouriers } from '../../integrations/couriers/rate-table.ts';
import type { Couriers, ExpeditionOption, ShipmentQuery } from '../../integrations/couriers/types.ts';
import type { Logger } from '../../logger.ts';
import { orderConflict, orderInvalid } from './errors.ts';

/** Where a parcel of one trip goes: the trip's destination city hands it to a courier for an Indonesian sub-district. */
async function shipmentRoute(db: DbOrTx, tripId: number, subDistrictId: number): Promise<Omit<ShipmentQuery, 'weightGrams'>> {
  const [trip] = await db
    .select({ id: trips.id, cityName: globalCities.name, countryId: trips.destinationCountryId })
    .from(trips)
    .innerJoin(globalCities, eq(globalCities.id, trips.destinationCityId))
    .where(eq(trips.id, tripId));
  if (!trip) throw orderInvalid({ trip_id: 'places:trip.not_found' });
  const [area] = await db
    .select({ cityId: idnCities.id, provinceId: idnCities.provinceId })
    .from(idnSubDistricts)
    .innerJoin(idnCities, eq(idnCities.id, idnSubDistricts.cityId))
    .where(eq(idnSubDistricts.id, subDistrictId));
  if (!area) throw orderInvalid({ destination_sub_district_id: 'orders:checkout.address_not_shippable' });
  const [postal] = await db.select({ code: posCodes.code }).from(posCodes).where(eq(posCodes.subDistrictId, subDistrictId)).orderBy(posCodes.id).limit(1);
  return {
    originCityName: trip.cityName,
    originCountryId: trip.countryId,
    destinationProvinceId: area.provinceId,
    destinationCityId: area.cityId,
    destinationSubDistrictId: subDistrictId,
    destinationPostalCode: postal?.code,
  };
}

/**
 * Courier options for some products of one trip sent to an Indonesian sub-district: the trip's
 * destination city is where the traveller hands the parcel over, the weight is the products'.
 */
export async function quoteShipping(
  db: DbOrTx,
  couriers: Couriers,
  q: { tripId: number; subDistrictId: number; items: { product_id: number; quantity: number }[] },
): Promise<ExpeditionOption[]> {
  const route = await shipmentRoute(db, q.tripId, q.subDistrictId);
  const ids = [...new Set(q.items.map((i) => i.product_id))];
  const rows = await db
    .select({ id: products.id, weight: products.weight })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.tripId, q.tripId)));
  if (rows.length !== ids.length) throw orderConflict('orders:checkout.product_not_on_trip');
  const weightOf = new Map(rows.map((r) => [r.id, r.weight]));
  const weightGrams = q.items.reduce((sum, i) => sum + (weightOf.get(i.product_id) ?? 0) * i.quantity, 0);
  return couriers.quote({ ...route, weightGrams });
}

/** A parcel's weight when nobody stated it: a kilogram a unit. */
export const DEFAULT_UNIT_WEIGHT_GRAMS = 1000;

/**
 * The most a traveller may ask for shipping a request's parcel: the dearest courier option for
 * its weight from the trip's arrival city to the requester's sub-district, times
 * SHIPPING_FEE_QUOTE_TIMES, plus SHIPPING_FEE_ALLOWANCE (packing, the trip to the courier). The
 * configured courier API prices it; when it fails, or the address has no Indonesian
 * sub-district, the built-in table does (an address outside Indonesia's regions at its farthest
 * zone), so the rule never blocks a take nor lets any fee through. A fee above it is a 422 that
 * names the quote and the ceiling.
 */
export async function assertShippingFeeFair(
  deps: { db: DbOrTx; couriers: Couriers; logger: Logger },
  q: { tripId: number; subDistrictId: number | null; weightGrams: number; fee: number; locale?: string },
) {
  const table = createRateTableCouriers();
  let options: ExpeditionOption[];
  if (q.subDistrictId) {
    const route = await shipmentRoute(deps.db, q.tripId, q.subDistrictId);
    options = await deps.couriers.quote({ ...route, weightGrams: q.weightGrams }).catch((err) => {
      deps.logger.warn('courier quote failed; the shipping-fee ceiling uses the rate table', err);
      return table.quote({ ...route, weightGrams: q.weightGrams });
    });
  } else {
    // Jakarta (31) to Papua (91): the table's national zone, its dearest.
    options = await table.quote({ originCityName: 'Jakarta', originCountryId: 228, destinationProvinceId: 91, destinationCityId: 9171, destinationSubDistrictId: 0, weightGrams: q.weightGrams });
  }
  const quote = Math.max(0, ...options.map((o) => o.total_price));
  const ceiling = quote * SHIPPING_FEE_QUOTE_TIMES + SHIPPING_FEE_ALLOWANCE;
  if (q.fee > ceiling) {
    throw orderInvalid({ shipping_fee: 'orders:field.shipping_fee_too_high' }, { quote: formatRupiah(quote), max: formatRupiah(ceiling), kg: Math.max(1, Math.ceil(q.weightGrams / 1000)) });
  }
}
