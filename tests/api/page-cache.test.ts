import type { IncomingMessage, ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.ts';
import { apiUrl, call } from '../support/api.ts';
import { checkoutProduct, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';
import { useClockedServer } from '../support/clocked-server.ts';

/**
 * The guest page cache between the HTTP server and the page renderer, with real domain writes
 * through the API. The renderer stands in for Astro: it writes the listing and a product page
 * from the same site services in several chunks, numbering each render so a test can tell a
 * stored page from a fresh one.
 */
let renders = 0;
/** Runs in the middle of the next render (after it read the database): a write committing meanwhile. */
let duringRender: (() => void) | undefined;
function pages(app: App) {
  const render = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const locale = /locale=id/.test(req.headers.cookie ?? '') ? 'id' : 'en';
    const n = ++renders;
    res.setHeader('Cache-Control', 'private, no-cache');
    if (url.pathname === '/products/marketplace') {
      const list = await app.site.listProducts({ page: 1, per_page: 100, orderby: 'created_at', sort: 'desc' } as never, locale);
      duringRender?.();
      duringRender = undefined;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.write(`<!doctype html><p>render ${n} ${locale}</p><p>query ${url.search}</p><ul>`);
      for (const p of list.rows) res.write(`<li>${p.name} · stock ${p.stock}</li>`);
      res.end(`</ul>${'<!-- padding -->'.repeat(100)}`);
    } else if (url.pathname.startsWith('/products/marketplace/')) {
      const product = await app.site.productBySlug(url.pathname.split('/')[3], locale);
      if (!product) return void res.writeHead(404, { 'Content-Type': 'text/html' }).end(`<p>render ${n} not found</p>`);
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(`<p>render ${n}</p><h1>${product.name}</h1><p>${product.stock > 0 ? `${product.stock} left` : 'Sold out'}</p>${'<!-- padding -->'.repeat(100)}`);
    } else if (url.pathname === '/set-cookie') {
      res.writeHead(200, { 'Content-Type': 'text/html', 'Set-Cookie': 'seen=1' }).end(`<p>render ${n}</p>`);
    } else {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
    }
  };
  return (req: IncomingMessage, res: ServerResponse) => app.pageCache.handle(req, res, () => void render(req, res));
}

async function page(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${apiUrl()}${path}`, { headers });
  const html = await res.text();
  return { status: res.status, html, render: Number(html.match(/render (\d+)/)?.[1]), headers: res.headers };
}

const time = useClockedServer({ env: { PAGE_CACHE_TTL_SECONDS: '300' }, pages });

describe('guest page cache', () => {
  it('serves a guest the stored page with an ETag (304 when unchanged), per language, compressed once', async () => {
    const first = await page('/products/marketplace');
    const again = await page('/products/marketplace');
    expect(again.render).toBe(first.render);
    expect(again.headers.get('x-page-cache')).toBe('hit');
    const etag = again.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(again.headers.get('vary')).toMatch(/Accept-Encoding/);
    const notModified = await fetch(`${apiUrl()}/products/marketplace`, { headers: { 'If-None-Match': etag } });
    expect(notModified.status).toBe(304);
    expect(await notModified.text()).toBe('');

    const indonesian = await page('/products/marketplace', { Cookie: 'locale=id' });
    expect(indonesian.html).toContain(' id</p>');
    expect(indonesian.render).not.toBe(first.render);
    expect((await page('/products/marketplace', { Cookie: 'locale=id' })).render).toBe(indonesian.render);

    // Raw bytes: undici would decode them. gzip for who asks for gzip, brotli for who prefers it.
    const gz = await rawGet('/products/marketplace', { 'Accept-Encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(first.html);
    expect((await rawGet('/products/marketplace', { 'Accept-Encoding': 'gzip, br' })).headers['content-encoding']).toBe('br');
    expect((await rawGet('/products/marketplace', {})).headers['content-encoding']).toBeUndefined();
  });

  it('a link with ad platforms\' click ids is the same page: kept once, rendered without them', async () => {
    const plain = await page('/products/marketplace?sort=price_asc&page=1');
    expect(plain.html).toContain('<p>query ?sort=price_asc&page=1</p>');
    for (const tracked of [
      '/products/marketplace?utm_source=instagram&sort=price_asc&utm_medium=story&page=1&fbclid=IwAR0abc',
      '/products/marketplace?sort=price_asc&gclid=Cj0KCQ&page=1&srsltid=AfmBOo',
      '/products/marketplace?sort=price_asc&page=1&UTM_Campaign=harbolnas&mc_eid=',
    ]) {
      const visit = await page(tracked);
      expect(visit.render, tracked).toBe(plain.render);
      expect(visit.headers.get('x-page-cache'), tracked).toBe('hit');
    }
    // Only tracking parameters go: one of the page's own makes another page, and nothing else is rewritten.
    const first = await page('/products/marketplace?fbclid=one');
    expect(first.html).toContain('<p>query </p>');
    expect((await page('/products/marketplace?fbclid=two&utm_source=x')).render).toBe(first.render);
    const other = await page('/products/marketplace?sort=price_asc&page=2&utm_source=x');
    expect(other.render).toBeGreaterThan(plain.render);
    expect(other.html).toContain('<p>query ?sort=price_asc&page=2</p>');
    expect((await page('/products/marketplace?utm=x&sort=new%20est')).html).toContain('<p>query ?utm=x&sort=new%20est</p>');
  });

  it('never serves or stores a page for a request with a session cookie, nor a response that sets a cookie', async () => {
    const guest = await page('/products/marketplace');
    const signedIn = await page('/products/marketplace', { Cookie: 'titipan_session=abc' });
    expect(signedIn.render).toBeGreaterThan(guest.render);
    expect(signedIn.headers.get('x-page-cache')).toBeNull();
    expect((await page('/products/marketplace', { Cookie: 'titipan_session=abc' })).render).toBeGreaterThan(signedIn.render);
    const cookie = await page('/set-cookie');
    expect((await page('/set-cookie')).render).toBeGreaterThan(cookie.render);
  });

  it('a product posted through the API is on the cached listing at once; checking out the last one shows it sold out', async () => {
    const before = await page('/products/marketplace');
    expect((await page('/products/marketplace')).render).toBe(before.render);

    const { product } = await travellerWithProduct({ stock: 1 });
    const after = await page('/products/marketplace');
    expect(after.html).toContain(`${product.name} · stock 1`);

    const detail = await page(`/products/marketplace/${product.slug}`);
    expect(detail.html).toContain('1 left');
    expect((await page(`/products/marketplace/${product.slug}`)).headers.get('x-page-cache')).toBe('hit');
    const buyer = await requesterWithAddress();
    const checkout = await checkoutProduct(buyer, product);
    expect(checkout.status).toBe(201);
    const soldOut = await page(`/products/marketplace/${product.slug}`);
    expect(soldOut.html).toContain('Sold out');
    expect((await page('/products/marketplace')).html).toContain(`${product.name} · stock 0`);
  });

  it('a flood of refused writes (404, 401, 422) and private writes leaves the cached listing a hit', async () => {
    const kept = await page('/products/marketplace?flood=1');
    expect((await page('/products/marketplace?flood=1')).headers.get('x-page-cache')).toBe('hit');
    const buyer = await requesterWithAddress();
    const flood = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        [
          () => call('POST', '/v1/x'),
          () => call('POST', '/v1/transactions/checkout', { body: { items: [] } }),
          () => call('POST', '/v1/transactions/checkout', { token: buyer.token, body: { address_id: buyer.address.id, items: [] } }),
          () => call('POST', '/v1/users/trips', { token: buyer.token, body: { origin_city_id: 'x' } }),
          () => call('POST', '/v1/login', { body: { email: `nobody${i}@titipan.test`, password: 'wrong-password' } }),
          () => call('PUT', '/v1/notifications/read-all', { token: buyer.token }),
        ][i % 6](),
      ),
    );
    expect(new Set(flood.map((r) => r.status))).toEqual(new Set([404, 401, 422, 200]));
    const after = await page('/products/marketplace?flood=1');
    expect(after.headers.get('x-page-cache')).toBe('hit');
    expect(after.render).toBe(kept.render);
    // A write that committed and shows on public pages still clears it at once.
    await travellerWithProduct();
    expect((await page('/products/marketplace?flood=1')).render).toBeGreaterThan(kept.render);
  });

  it('a page that was rendering while a write committed is not kept', async () => {
    duringRender = () => time.server.app.pageCache.invalidate();
    const first = await page('/products/marketplace?slow=1');
    const next = await page('/products/marketplace?slow=1');
    expect(next.render).toBeGreaterThan(first.render);
    expect((await page('/products/marketplace?slow=1')).render).toBe(next.render);
  });
});

async function rawGet(path: string, headers: Record<string, string>) {
  const { request } = await import('node:http');
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    request(`${apiUrl()}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}
