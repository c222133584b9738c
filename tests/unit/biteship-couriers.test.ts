/** The Biteship courier adapter against a local fake of its rates API. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBiteshipCouriers } from '../../src/server/integrations/couriers/biteship.ts';
import { createRateTableCouriers } from '../../src/server/integrations/couriers/rate-table.ts';
import type { ShipmentQuery } from '../../src/server/integrations/couriers/types.ts';
import { startFakeHttp, type FakeHttp } from '../support/fake-http.ts';

const API_KEY = 'biteship_test.local';
let api: FakeHttp;
let mode: 'ok' | 'down' | 'garbage' = 'ok';

beforeAll(async () => {
  api = await startFakeHttp((req) => {
    if (req.headers.authorization !== API_KEY) return { status: 401, body: { success: false, error: 'Authorization failed', code: 40101001 } };
    if (req.method !== 'POST' || req.path !== '/v1/rates/couriers') return { status: 404, body: { success: false, error: 'Not found' } };
    if (mode === 'down') return { status: 500, body: { success: false, error: 'Internal error' } };
    if (mode === 'garbage') return { status: 200, body: { success: true, pricing: [{ courier_code: 'jne' }] } };
    const { items } = JSON.parse(req.body) as { items: { weight: number }[] };
    const kg = Math.max(1, Math.ceil(items[0].weight / 1000));
    return {
      status: 200,
      body: {
        success: true,
        object: 'courier_pricing',
        pricing: [
          { courier_name: 'JNE', courier_code: 'jne', courier_service_name: 'Reguler', courier_service_code: 'reg', price: 11_000 * kg, duration: '2 - 3 days' },
          { courier_name: 'SiCepat', courier_code: 'sicepat', courier_service_name: 'Reguler', courier_service_code: 'reg', price: 9_000 * kg, duration: '1 - 2 days' },
        ],
      },
    };
  });
});
afterAll(() => api?.close());

const query: ShipmentQuery = { originCityName: 'Jakarta', originCountryId: 228, destinationProvinceId: 31, destinationCityId: 3171, destinationSubDistrictId: 317101, destinationPostalCode: '10110', weightGrams: 1_600 };
const warnings: unknown[] = [];
const couriers = (apiKey = API_KEY) =>
  createBiteshipCouriers({ apiKey, baseUrl: api.url, originPostalCode: '12940', couriers: 'jne,sicepat', fallback: createRateTableCouriers(), logger: { warn: (...args) => warnings.push(args) } });

describe('Biteship courier quotes', () => {
  it('asks the rates API by postal codes and weight, and lists its prices cheapest first, self pickup last', async () => {
    mode = 'ok';
    const options = await couriers().quote(query);
    expect(options).toEqual([
      { shipping_id: 'sicepat:reg', courier_name: 'SiCepat Reguler', total_price: 18_000 },
      { shipping_id: 'jne:reg', courier_name: 'JNE Reguler', total_price: 22_000 },
      { shipping_id: 'self_pickup', courier_name: 'Self pickup', total_price: 0 },
    ]);
    const sent = JSON.parse(api.requests.at(-1)!.body);
    expect(sent).toMatchObject({ origin_postal_code: 12940, destination_postal_code: 10110, couriers: 'jne,sicepat', items: [{ weight: 1_600, quantity: 1 }] });
  });

  it('falls back to the rate table when the API refuses, fails or answers nonsense, and says so', async () => {
    const table = await createRateTableCouriers().quote(query);
    for (const [m, key] of [['ok', 'wrong-key'], ['down', API_KEY], ['garbage', API_KEY]] as const) {
      mode = m;
      const before = warnings.length;
      expect(await couriers(key).quote(query)).toEqual(table);
      expect(warnings.length).toBe(before + 1);
    }
  });

  it('quotes from the rate table when no postal code is known for the sub-district', async () => {
    mode = 'ok';
    const calls = api.requests.length;
    expect(await couriers().quote({ ...query, destinationPostalCode: undefined })).toEqual(await createRateTableCouriers().quote(query));
    expect(api.requests.length).toBe(calls);
  });
});
