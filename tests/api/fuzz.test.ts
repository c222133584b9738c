import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteContract } from '../../src/server/api/contract.ts';
import { contractRoutes } from '../../src/server/api/openapi.ts';
import type { ApiServices } from '../../src/server/api/context.ts';
import { createApi } from '../../src/server/api/index.ts';
import { call, newUser } from '../support/api.ts';
import { newAddress, newTraveller, newTrip, pngBytes, uploadImage } from '../support/fixtures.ts';
import { requestArbitrary, send, type FuzzRequest, type Known } from '../support/fuzz.ts';

/**
 * Property: no input makes the API answer 5xx. Every /v1 route Hono knows is fuzzed from its
 * own contract (the schemas its handler parses with), as a guest and as a signed-in traveller
 * who owns a trip, an address, a product, a request and a photo. A route without a contract
 * fails the first test, so a new route cannot slip past.
 *
 * FUZZ_SEED replays a reported failure; FUZZ_RUNS raises the number of requests per route.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 42);
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined;
const MIN_REQUESTS = 5_000;

interface Endpoint {
  method: string;
  path: string;
  contract?: RouteContract;
}

/** The routes as Hono registered them, with their contracts. */
const ROUTES: Endpoint[] = contractRoutes(createApi({} as ApiServices));
/** These end the caller's session: each of their runs gets a fresh user. */
const ENDS_SESSION = new Set(['POST /v1/logout', 'DELETE /v1/users/me']);
/** Without Google credentials these answer 503 "not available on this server", whatever is sent. */
const UNCONFIGURED = new Set(['GET /v1/auth-google', 'POST /v1/check-auth-google']);

let sent = 0;
let routesDone = 0;
const plannedRuns = () => ROUTES.length * 2 * RUNS - ENDS_SESSION.size * (RUNS - Math.ceil(RUNS / 4));
const known: Known = { ids: [], slugs: [], imageIds: [] };
let png: Buffer;

/** A traveller with one of everything, so valid-shaped requests reach deep into the domain. */
async function richTraveller() {
  const t = await newTraveller();
  const trip = await newTrip(t.token);
  const address = await newAddress(t.token);
  const image = await uploadImage(t.token, png);
  const product = await call('POST', '/v1/users/products', {
    token: t.token,
    body: { name: `Fuzz matcha ${t.username}`, description: 'A product the fuzzer may edit.', price: 50_000, weight: 100, stock: 3, trip_id: trip.id, images: [] },
  });
  const request = await call('POST', '/v1/users/requests', {
    token: t.token,
    body: { name: `Fuzz request ${t.username}`, description: 'A request the fuzzer may edit.', price_eta: 90_000, quantity: 1, traveler_tip: 0, buy_from_country_id: 392, address_id: address.id, images: [] },
  });
  const known: Known = {
    ids: [t.user.id, trip.id, address.id, product.body.data.id, request.body.data.id],
    slugs: [product.body.data.slug, request.body.data.slug],
    imageIds: [image.body.data.filename],
  };
  return { token: t.token, known };
}

/**
 * Signed-in runs share a few travellers (a route that deletes their trip leaves the others
 * something less to reach, which is fine); each route always gets the same one.
 */
let travellers: Promise<Awaited<ReturnType<typeof richTraveller>>>[] = [];
const index = (name: string) => ROUTES.findIndex((r) => `${r.method} ${r.path}` === name);

beforeAll(async () => {
  png = await pngBytes('#336699', 64, 48);
  travellers = Array.from({ length: 4 }, () => richTraveller());
  const [products, requests, ...mine] = await Promise.all([call('GET', '/v1/products?per_page=5'), call('GET', '/v1/requests?per_page=5'), ...travellers]);
  const rows = [...products.body.data.rows, ...requests.body.data.rows] as Array<{ id: number; slug: string; user: { id: number } }>;
  known.ids.push(...mine.flatMap((t) => t.known.ids), ...rows.flatMap((r) => [r.id, r.user.id]), 228, 392, 1642911, 1850147, 32, 3273, 327301);
  known.slugs.push(...mine.flatMap((t) => t.known.slugs), ...rows.map((r) => r.slug));
  known.imageIds.push(...mine.flatMap((t) => t.known.imageIds));
});

afterAll(() => {
  // Counted when every route's fuzzing ran to the end (not when -t picks a few).
  if (routesDone === ROUTES.length) expect(sent).toBeGreaterThanOrEqual(MIN_REQUESTS);
});

describe('API fuzzing', () => {
  it('every /v1 route has a contract that declares each of its path parameters', () => {
    expect(ROUTES.length).toBeGreaterThan(50);
    const missing = ROUTES.filter((r) => !r.contract).map((r) => `${r.method} ${r.path}`);
    expect(missing, 'routes without route({...}) contracts').toEqual([]);
    const undeclared = ROUTES.flatMap((r) => [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]).filter((p) => !r.contract?.params?.[p]).map((p) => `${r.method} ${r.path} :${p}`));
    expect(undeclared, 'path parameters read without a schema').toEqual([]);
    expect(plannedRuns()).toBeGreaterThanOrEqual(MIN_REQUESTS);
  });

  it.concurrent.each(ROUTES.filter((r) => r.contract).map((r) => [`${r.method} ${r.path}`, r] as const))(
    'no 5xx from %s, as a guest or signed in',
    async (name, route) => {
      const endsSession = ENDS_SESSION.has(name);
      const user = endsSession ? undefined : await travellers[index(name) % travellers.length];
      const arbitrary = requestArbitrary(route.method, route.path, route.contract!, { own: user?.known ?? known, all: known }, { png });
      for (const role of ['guest', 'user'] as const) {
        await fc.assert(
          fc.asyncProperty(arbitrary, async (req: FuzzRequest) => {
            const token = role === 'guest' ? undefined : (user?.token ?? (await newUser()).token);
            const res = await send(req, token);
            sent++;
            const unavailable = res.status === 503 && UNCONFIGURED.has(name);
            if (res.status >= 500 && !unavailable) throw new Error(`${res.status} as ${role}: ${JSON.stringify(res.body).slice(0, 300)}`);
            if (res.status >= 400) {
              const message = (res.body as { message?: unknown } | null)?.message;
              if (typeof message !== 'string' || !message) throw new Error(`${res.status} as ${role} without a message: ${JSON.stringify(res.body).slice(0, 300)}`);
            }
          }),
          // Each signed-in run of a session-ending route costs a new account: fewer of those.
          { numRuns: role === 'user' && endsSession ? Math.ceil(RUNS / 4) : RUNS, seed: SEED, endOnFailure: false, interruptAfterTimeLimit: 60_000 },
        );
      }
      routesDone++;
    },
    180_000,
  );
});
