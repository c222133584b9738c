import { describe, expect, inject, it } from 'vitest';
import { apiUrl, call, newUser, uniq } from '../support/api.ts';
import { mailsTo, pngBytes, uploadImage } from '../support/fixtures.ts';
import { requestWithHost, upgradeWithHost } from '../support/raw-http.ts';

/**
 * What the server does at its edge, before any router: refuse Hosts that are not ours, build
 * links from configuration only, and put the security headers on every response.
 */

const port = () => new URL(apiUrl()).port;
const ownHost = () => `localhost:${port()}`;

function expectSecurityHeaders(headers: { get(name: string): string | null } | Record<string, unknown>) {
  const get = (name: string) => ('get' in headers && typeof headers.get === 'function' ? headers.get(name) : (headers as Record<string, unknown>)[name]) as string | null | undefined;
  expect(get('x-content-type-options')).toBe('nosniff');
  expect(get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  const csp = get('content-security-policy') ?? '';
  expect(csp).toMatch(/frame-ancestors 'none'/);
  expect(csp).toMatch(/object-src 'none'/);
  expect(csp).toMatch(/base-uri 'self'/);
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  // The test server's public URL is http: no HSTS.
  expect(get('strict-transport-security') ?? undefined).toBeUndefined();
}

describe('the Host allow-list', () => {
  it('answers a foreign Host with 400 on a page, on the API (in the Lang language) and on the WebSocket upgrade', async () => {
    const page = await requestWithHost(`${apiUrl()}/`, 'evil.test');
    expect(page.status).toBe(400);
    expect(page.body).toBe('This site is not served at that address');

    const api = await requestWithHost(`${apiUrl()}/v1/products`, `evil.test:${port()}`, { headers: { Lang: 'id' } });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body)).toEqual({ code: 'BAD_REQUEST', message: 'Situs ini tidak dilayani di alamat tersebut' });
    expectSecurityHeaders(api.headers);

    const ws = `ws://127.0.0.1:${port()}/app/${inject('pusher').key}?protocol=7`;
    expect(await upgradeWithHost(ws, 'evil.test')).toBe(400);
    // The control: our own host name upgrades.
    expect(await upgradeWithHost(ws, ownHost())).toBe('open');
  });

  it('serves the configured public host, localhost and 127.0.0.1', async () => {
    for (const host of [new URL(inject('publicUrl')).host, ownHost(), `127.0.0.1:${port()}`]) {
      expect((await requestWithHost(`${apiUrl()}/v1/misc/get-traveler-platform-fee`, host)).status, host).toBe(200);
    }
  });

  it('refuses a malformed or look-alike Host', async () => {
    for (const host of ['titipan.test.evil.test', 'localhost@evil.test', 'evil.test#localhost']) {
      expect((await requestWithHost(`${apiUrl()}/v1/products`, host)).status, host).toBe(400);
    }
  });
});

describe('password reset links', () => {
  const forgot = (email: string, host: string) =>
    requestWithHost(`${apiUrl()}/v1/forgot-password`, host, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Lang: 'en' },
      body: JSON.stringify({ email }),
    });

  it('are never asked for with a foreign Host: refused with 400 and no e-mail', async () => {
    const u = await newUser();
    expect((await forgot(u.email, 'evil.test')).status).toBe(400);
    expect(mailsTo(u.email)).toEqual([]);
  });

  it('start with the configured public origin, whatever allowed Host the request named', async () => {
    const u = await newUser();
    const res = await forgot(u.email, ownHost());
    expect(res.status).toBe(200);
    const [mail] = mailsTo(u.email);
    const link = mail.match(/\bhttps?:\/\/\S+reset-password\?token=\S+/)?.[0];
    expect(link?.startsWith(`${inject('publicUrl')}/reset-password?token=`)).toBe(true);
    expect(mail).not.toContain(ownHost());
  });
});

describe('security headers', () => {
  it('are on API answers: success, error and not-found', async () => {
    for (const res of [await call('GET', '/v1/products'), await call('POST', '/v1/login', { raw: '{' }), await call('GET', `/v1/nothing-${uniq()}`)]) {
      expectSecurityHeaders(res.headers);
    }
  });

  it('authenticated API answers are never stored, by Bearer token or session cookie; public ones may be', async () => {
    const u = await newUser();
    const bearer = await call('GET', '/v1/users/me', { token: u.token });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.get('cache-control')).toBe('no-store');
    const cookie = await call('GET', '/v1/users/me', { headers: { Cookie: `titipan_session=${u.token}` } });
    expect(cookie.status).toBe(200);
    expect(cookie.headers.get('cache-control')).toBe('no-store');
    const refused = await call('GET', '/v1/users/me', { token: 'not-a-session' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('cache-control')).toBe('no-store');

    const guest = await call('GET', '/v1/products');
    expect(guest.headers.get('cache-control')).not.toBe('no-store');
  });

  it('are on uploaded files', async () => {
    const u = await newUser();
    const uploaded = await uploadImage(u.token, await pngBytes());
    expect(uploaded.status).toBe(201);
    const res = await fetch(`${apiUrl()}${uploaded.body.data.src}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\//);
    expectSecurityHeaders(res.headers);
  });

  it('are on the real-time HTTP API and on plain 404s', async () => {
    const trigger = await fetch(`${apiUrl()}/apps/not-our-app/events`, { method: 'POST', body: '{}' });
    expect(trigger.status).toBe(404);
    expectSecurityHeaders(trigger.headers);
    const missing = await fetch(`${apiUrl()}/uploads/missing-${uniq()}.webp`);
    expect(missing.status).toBe(404);
    expectSecurityHeaders(missing.headers);
  });
});
