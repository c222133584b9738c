/** Which payment and courier providers the configuration turns on, and what it refuses. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createPaymentProviders } from '../../src/server/domain/payments/providers.ts';
import { pusherClientOptions } from '../../src/lib/realtime.ts';
import { realtimeClientConfig, realtimeConnectSource } from '../../src/server/realtime/index.ts';

const dir = mkdtempSync(join(tmpdir(), 'titipan-providers-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const load = (env: Record<string, string>) => loadConfig({ DATA_DIR: dir, ...env });
const stripeEnv = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
const midtransEnv = { PAYMENT_PROVIDER: 'midtrans', MIDTRANS_SERVER_KEY: 'SB-Mid-server-x', MIDTRANS_CLIENT_KEY: 'SB-Mid-client-x' };
const irisEnv = { PAYOUT_PROVIDER: 'iris', IRIS_API_KEY: 'IRIS-creator-x', IRIS_MERCHANT_KEY: 'M-iris-merchant-key-9d2f7b' };

describe('provider configuration', () => {
  it('defaults to the sandbox for bank transfers, no cards, and the courier rate table', () => {
    const config = load({});
    const providers = createPaymentProviders(config);
    expect(providers.forType('bank_transfer')?.name).toBe('sandbox');
    expect(providers.forType('card')).toBeUndefined();
    expect(providers.types()).toEqual(['bank_transfer']);
    expect(config.couriers.biteship).toBeUndefined();
  });

  it('takes bank transfers through Midtrans and cards through Stripe when configured', () => {
    const config = load({ ...midtransEnv, ...irisEnv, ...stripeEnv });
    const providers = createPaymentProviders(config);
    expect(providers.forType('bank_transfer')?.name).toBe('midtrans');
    expect(providers.forType('card')?.name).toBe('stripe');
    expect(providers.types()).toEqual(['bank_transfer', 'card']);
    expect(config.payments.midtrans).toMatchObject({ production: false });
  });

  it('never lets test money meet real money: the sandbox pairs only with the sandbox, live never beside test', () => {
    expect(() => load(irisEnv)).toThrow(/PAYMENT_PROVIDER=sandbox takes test payments .* cannot fund real payouts \(PAYOUT_PROVIDER=iris\)/);
    expect(() => load({ ...irisEnv, IRIS_PRODUCTION: '1' })).toThrow(/PAYMENT_PROVIDER=sandbox/);
    expect(() => load(midtransEnv)).toThrow(/PAYOUT_PROVIDER=sandbox pays nothing out for real/);
    expect(() => load({ ...midtransEnv, ...irisEnv, IRIS_PRODUCTION: '1' })).toThrow(/live money \(PAYOUT_PROVIDER=iris \(IRIS_PRODUCTION=1\)\) cannot be mixed with test money \(PAYMENT_PROVIDER=midtrans \(Midtrans sandbox\)\)/);
    expect(() => load({ ...midtransEnv, ...irisEnv, MIDTRANS_PRODUCTION: '1' })).toThrow(/live money/);
    expect(() => load({ ...stripeEnv, STRIPE_SECRET_KEY: 'sk_live_x' })).toThrow(/live money \(a Stripe live key\)/);
    expect(() => load({ ...midtransEnv, ...irisEnv, MIDTRANS_PRODUCTION: '1', IRIS_PRODUCTION: '1', ...stripeEnv })).toThrow(/a Stripe test key/);
    // What may run: a demo (sandbox both ways, Stripe's test keys), a staging (every provider's test
    // environment), and production (every provider live).
    expect(load({ ...stripeEnv }).payouts.provider).toBe('sandbox');
    expect(load({ ...midtransEnv, ...irisEnv, ...stripeEnv }).payouts.provider).toBe('iris');
    const live = load({ ...midtransEnv, ...irisEnv, MIDTRANS_PRODUCTION: '1', IRIS_PRODUCTION: '1', ...stripeEnv, STRIPE_SECRET_KEY: 'sk_live_x' });
    expect(live.payments.midtrans?.production && live.payouts.iris?.production).toBe(true);
  });

  it('refuses to start with Midtrans, Stripe or Biteship half configured', () => {
    expect(() => load({ PAYMENT_PROVIDER: 'midtrans', MIDTRANS_CLIENT_KEY: 'SB-Mid-client-x' })).toThrow(/MIDTRANS_SERVER_KEY/);
    expect(() => load({ STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
    expect(() => load({ COURIER_PROVIDER: 'biteship' })).toThrow(/BITESHIP_API_KEY/);
    expect(() => load({ COURIER_PROVIDER: 'biteship', BITESHIP_API_KEY: 'k', BITESHIP_ORIGIN_POSTAL_CODE: 'abc' })).toThrow(/BITESHIP_ORIGIN_POSTAL_CODE/);
    expect(load({ COURIER_PROVIDER: 'biteship', BITESHIP_API_KEY: 'k' }).couriers.biteship).toMatchObject({ baseUrl: 'https://api.biteship.com', originPostalCode: '10110' });
  });

  it('real-time: the built-in server by default, an external Pusher app or self-hosted server when configured', () => {
    const page = { protocol: 'https:', hostname: 'titipan.example', port: '' };
    const builtin = realtimeClientConfig(load({}).pusher);
    expect(pusherClientOptions(builtin, page)).toMatchObject({ wsHost: 'titipan.example', wsPort: 443, wssPort: 443, forceTLS: true });
    const external = { REALTIME_PROVIDER: 'pusher', PUSHER_APP_ID: '1234', PUSHER_KEY: 'abc123', PUSHER_SECRET: 'a-real-pusher-app-secret' };
    const cloud = load(external).pusher;
    expect(realtimeConnectSource(cloud)).toBeUndefined();
    const cloudOptions = pusherClientOptions(realtimeClientConfig(cloud), page);
    expect(cloudOptions).toMatchObject({ cluster: 'ap1', forceTLS: true });
    expect(cloudOptions.wsHost).toBeUndefined();
    const own = load({ ...external, PUSHER_HOST: 'https://ws.titipan.example:6001' }).pusher;
    expect(pusherClientOptions(realtimeClientConfig(own), page)).toMatchObject({ wsHost: 'ws.titipan.example', wsPort: 6001, wssPort: 6001, forceTLS: true });
    expect(realtimeConnectSource(own)).toBe('wss://ws.titipan.example:6001');
  });

  it('refuses an external real-time service without its own app id, key and secret, or a host without the provider', () => {
    expect(() => load({ REALTIME_PROVIDER: 'pusher', PUSHER_KEY: 'abc123' })).toThrow(/PUSHER_APP_ID, PUSHER_SECRET/);
    expect(() => load({ REALTIME_PROVIDER: 'pusher', PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 'secret' })).toThrow(/PUSHER_SECRET/);
    expect(() => load({ PUSHER_HOST: 'https://ws.titipan.example' })).toThrow(/REALTIME_PROVIDER=pusher/);
    expect(() => load({ REALTIME_PROVIDER: 'pusher', PUSHER_APP_ID: '1', PUSHER_KEY: 'k', PUSHER_SECRET: 'a-real-pusher-app-secret', PUSHER_HOST: 'ws.titipan.example' })).toThrow(/PUSHER_HOST/);
  });
});
