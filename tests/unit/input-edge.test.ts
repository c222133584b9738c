import { Hono } from 'hono';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { translator } from '../../src/lib/i18n/index.ts';
import { idField, idText, MAX_ID, parseId } from '../../src/lib/schemas/ids.ts';
import { productSchema } from '../../src/lib/schemas/catalogue.ts';
import type { ApiEnv } from '../../src/server/api/context.ts';
import { errorResponse } from '../../src/server/api/http.ts';
import { storeImage } from '../../src/server/domain/catalogue/images.ts';
import { DECODE_CONCURRENCY, decodingLoad } from '../../src/server/domain/image-decoding.ts';

describe('the shared id schemas', () => {
  it('take 1 … 2147483647 and nothing else', () => {
    expect(MAX_ID).toBe(2 ** 31 - 1);
    for (const ok of [1, 42, MAX_ID]) expect(idField().safeParse(ok).success).toBe(true);
    for (const bad of [0, -1, 1.5, MAX_ID + 1, 2 ** 53, '7', true, null]) expect(idField().safeParse(bad).success, String(bad)).toBe(false);
    expect(idText().parse('0042')).toBe(42);
    for (const bad of ['', ' 7', '0x10', '1e3', '2147483648', '99999999999', '7\u0000']) expect(idText().safeParse(bad).success, bad).toBe(false);
    expect(parseId('12')).toBe(12);
    expect(parseId('2147483648')).toBeUndefined();
    expect(parseId(undefined)).toBeUndefined();
  });

  it('make a form send numbers: digits typed as text are refused by the body schema', () => {
    const base = { name: 'Tokyo Banana', description: 'Eight pieces from Haneda.', price: 100_000, weight: 250, stock: 1, trip_id: 3, images: [] };
    expect(productSchema.safeParse(base).success).toBe(true);
    expect(productSchema.safeParse({ ...base, weight: '250' }).success).toBe(false);
    expect(productSchema.safeParse({ ...base, price: true }).error?.issues[0].message).toBe('errors:field.invalid');
    expect(productSchema.safeParse({ ...base, price: undefined }).error?.issues[0].message).toBe('catalogue:product.price_required');
  });
});

/** A Hono app with just the error handler, throwing what a database driver would. */
function appThrowing(err: unknown) {
  const logged: string[] = [];
  const log = (m: string) => void logged.push(m);
  const app = new Hono<ApiEnv>();
  app.use('*', async (c, next) => {
    c.set('t', translator('id'));
    c.set('services', { deps: { logger: { debug: log, info: log, warn: log, error: log } } } as never);
    await next();
  });
  app.get('/', () => {
    throw err;
  });
  app.onError(errorResponse);
  return { app, logged };
}

/** What Drizzle throws: its own error with the driver's as the cause. */
const drizzleError = (code: string, constraint?: string) => Object.assign(new Error('Failed query: insert …'), { cause: Object.assign(new Error('driver'), { code, constraint }) });

describe('database refusals at the API edge', () => {
  it('answer a unique violation or a serialisation failure with 409, in the Lang language', async () => {
    for (const code of ['23505', '40001', '40P01']) {
      const { app, logged } = appThrowing(drizzleError(code, 'products_slug_key'));
      const res = await app.request('/');
      expect(res.status, code).toBe(409);
      expect(await res.json()).toEqual({ code: 'CONFLICT', message: 'Ini bentrok dengan perubahan pada saat yang sama, silakan coba lagi' });
      expect(logged[0]).toMatch(new RegExp(code));
    }
  });

  it('answer bad data and other integrity violations with 422', async () => {
    for (const code of ['23503', '23514', '23502', '22P02', '22003', '22001', '22021']) {
      const res = await appThrowing(drizzleError(code)).app.request('/');
      expect(res.status, code).toBe(422);
      expect(await res.json()).toEqual({ code: 'VALIDATION', message: 'Beberapa isian tidak valid' });
    }
  });

  it('keep anything else a 500 (a bug to fix, not the client’s fault)', async () => {
    expect((await appThrowing(drizzleError('53300')).app.request('/')).status).toBe(500);
    expect((await appThrowing(new TypeError('x is undefined')).app.request('/')).status).toBe(500);
  });
});

describe('image decoding', () => {
  it(`decodes at most ${DECODE_CONCURRENCY} uploads at once; the others wait their turn`, async () => {
    const photo = await sharp({ create: { width: 1600, height: 1000, channels: 3, background: '#d35400' } }).jpeg().toBuffer();
    const deps = {
      db: { insert: () => ({ values: async () => {} }) } as never,
      storage: { put: async (key: string) => key } as never,
    };
    let maxActive = 0;
    let maxPending = 0;
    const watch = setInterval(() => {
      const { active, pending } = decodingLoad();
      maxActive = Math.max(maxActive, active);
      maxPending = Math.max(maxPending, pending);
    }, 1);
    try {
      const stored = await Promise.all(Array.from({ length: 6 }, () => storeImage(deps, 1, photo)));
      expect(stored.map((s) => s.width)).toEqual(Array(6).fill(1600));
    } finally {
      clearInterval(watch);
    }
    expect(maxActive).toBe(DECODE_CONCURRENCY);
    expect(maxPending).toBeGreaterThan(0);
    expect(decodingLoad()).toEqual({ active: 0, pending: 0 });
  });
});
