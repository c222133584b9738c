import { z } from 'zod';
import { SELF_PICKUP } from '../../../lib/orders/vocabulary.ts';
import type { Couriers, ExpeditionOption, ShipmentQuery } from './types.ts';

/**
 * Courier quotes from Biteship's rates API (POST /v1/rates/couriers): origin and destination by
 * postal code, the parcel's weight in grams, the couriers asked for → one price per service.
 * Shipping ids are `courier:service` as in the rate table, so a quote and a checkout agree.
 * When the buyer's sub-district has no known postal code, or the API cannot answer, the quote
 * comes from the fallback (the built-in table) so checkout keeps working; the failure is logged.
 */
export interface BiteshipOptions {
  apiKey: string;
  baseUrl: string;
  /** Where travellers hand parcels over to the courier. */
  originPostalCode: string;
  /** Biteship courier codes, comma-separated (jne,jnt,sicepat,pos). */
  couriers: string;
  fallback: Couriers;
  logger: { warn(message: string, ...rest: unknown[]): void };
  timeoutMs?: number;
}

const pricingSchema = z.object({
  success: z.literal(true),
  pricing: z.array(
    z.object({
      courier_code: z.string().min(1),
      courier_service_code: z.string().min(1),
      courier_name: z.string().min(1),
      courier_service_name: z.string().min(1),
      price: z.number().int().nonnegative(),
    }),
  ),
});

export function createBiteshipCouriers(opts: BiteshipOptions): Couriers {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v1/rates/couriers`;
  async function rates(q: ShipmentQuery, destination: string): Promise<ExpeditionOption[]> {
    const res = await fetch(url, {
      method: 'POST',
      headers: { authorization: opts.apiKey, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        origin_postal_code: Number(opts.originPostalCode),
        destination_postal_code: Number(destination),
        couriers: opts.couriers,
        items: [{ name: 'Titipan parcel', value: 0, weight: Math.max(1, q.weightGrams), quantity: 1 }],
      }),
      signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
    });
    const body: unknown = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`Biteship answered ${res.status}: ${JSON.stringify(body)}`);
    const { pricing } = pricingSchema.parse(body);
    return pricing
      .map((p) => ({ shipping_id: `${p.courier_code}:${p.courier_service_code}`, courier_name: `${p.courier_name} ${p.courier_service_name}`, total_price: p.price }))
      .sort((a, b) => a.total_price - b.total_price);
  }
  return {
    async quote(q) {
      if (!q.destinationPostalCode) return opts.fallback.quote(q);
      try {
        const options = await rates(q, q.destinationPostalCode);
        return [...options, { shipping_id: SELF_PICKUP, courier_name: 'Self pickup', total_price: 0 }];
      } catch (err) {
        opts.logger.warn('Biteship rates failed; quoting from the rate table', err);
        return opts.fallback.quote(q);
      }
    },
  };
}
