import { SELF_PICKUP } from '../../../lib/orders/vocabulary.ts';
import type { Couriers, ExpeditionOption, ShipmentQuery } from './types.ts';

/**
 * The built-in courier table: a price per kilogram (weight rounded up, at least 1 kg) by zone,
 * for JNE, J&T, SiCepat and POS Indonesia, plus self pickup. Zones compare the hand-over city's
 * province with the buyer's: the same province, the same island group (the first digit of the
 * official province code: 1 Sumatra, 3 Java, 5 Bali and Nusa Tenggara, 6 Kalimantan, 7 Sulawesi,
 * 8 Maluku, 9 Papua), or across the country. Prices are list prices of late 2026, rounded.
 */
export type Zone = 'local' | 'regional' | 'national';

const PER_KG: Record<string, { name: string; rates: Record<Zone, number> }> = {
  'jne:reg': { name: 'JNE REG', rates: { local: 10_000, regional: 19_000, national: 45_000 } },
  'jnt:ez': { name: 'J&T EZ', rates: { local: 9_000, regional: 18_000, national: 43_000 } },
  'sicepat:reg': { name: 'SiCepat REG', rates: { local: 8_500, regional: 17_000, national: 42_000 } },
  'pos:kilat': { name: 'POS Indonesia Kilat Khusus', rates: { local: 8_000, regional: 16_000, national: 38_000 } },
};

/** Cities travellers land in, by province code; anywhere else hands over in Jakarta (31). */
const ARRIVAL_PROVINCES: Record<string, number> = {
  jakarta: 31,
  tangerang: 36,
  bandung: 32,
  surabaya: 35,
  semarang: 33,
  yogyakarta: 34,
  denpasar: 51,
  medan: 12,
  padang: 13,
  pekanbaru: 14,
  palembang: 16,
  batam: 21,
  balikpapan: 64,
  banjarmasin: 63,
  pontianak: 61,
  makassar: 73,
  manado: 71,
  mataram: 52,
  kupang: 53,
  ambon: 81,
  jayapura: 91,
};

export function originProvince(cityName: string, countryId: number): number {
  if (countryId !== 228) return 31;
  return ARRIVAL_PROVINCES[cityName.trim().toLowerCase()] ?? 31;
}

export function zoneOf(originProvinceId: number, destinationProvinceId: number): Zone {
  if (originProvinceId === destinationProvinceId) return 'local';
  return String(originProvinceId)[0] === String(destinationProvinceId)[0] ? 'regional' : 'national';
}

export const billableKg = (grams: number) => Math.max(1, Math.ceil(grams / 1000));

export function createRateTableCouriers(): Couriers {
  return {
    async quote(q: ShipmentQuery): Promise<ExpeditionOption[]> {
      const zone = zoneOf(originProvince(q.originCityName, q.originCountryId), q.destinationProvinceId);
      const kg = billableKg(q.weightGrams);
      const options = Object.entries(PER_KG).map(([id, c]) => ({ shipping_id: id, courier_name: c.name, total_price: c.rates[zone] * kg }));
      return [...options.sort((a, b) => a.total_price - b.total_price), { shipping_id: SELF_PICKUP, courier_name: 'Self pickup', total_price: 0 }];
    },
  };
}
