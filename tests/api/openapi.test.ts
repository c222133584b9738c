import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { createApi } from '../../src/server/api/index.ts';
import type { ApiServices } from '../../src/server/api/context.ts';
import { contractRoutes, openApiPath } from '../../src/server/api/openapi.ts';
import { apiUrl, call, newUser } from '../support/api.ts';
import { offReference } from '../support/openapi.ts';

/** /v1/openapi.json: the API's reference, generated from the contracts the routes validate with. */
describe('the OpenAPI document', () => {
  it('is served at /v1/openapi.json as a valid OpenAPI 3.1 document', async () => {
    const res = await fetch(`${apiUrl()}/v1/openapi.json`);
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe('3.1.0');
    // A validator of OpenAPI 3.1 documents (openapi-backend checks against 3.0's schema only).
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('documents every registered route with its parameters, body, security and error codes', async () => {
    const doc = await (await fetch(`${apiUrl()}/v1/openapi.json`)).json();
    const routes = contractRoutes(createApi({} as ApiServices));
    expect(routes.length).toBeGreaterThan(100);
    const undocumented = routes.filter((r) => !doc.paths[openApiPath(r.path)]?.[r.method.toLowerCase()]).map((r) => `${r.method} ${r.path}`);
    expect(undocumented).toEqual([]);
    for (const { method, path, contract } of routes) {
      const op = doc.paths[openApiPath(path)][method.toLowerCase()];
      const where = `${method} ${path}`;
      for (const name of Object.keys(contract!.params ?? {})) expect(op.parameters.find((p: any) => p.in === 'path' && p.name === name), where).toBeTruthy();
      if (contract!.body || contract!.upload || contract!.multipart) expect(op.requestBody, where).toBeTruthy();
      expect(op.security, where).toEqual(contract!.user ? [{ bearer: [] }] : [{}, { bearer: [] }]);
      expect(op.responses['422']['x-error-codes'], where).toContain('VALIDATION');
    }
    // A body's schema is the zod schema the route parses with: the register form's fields.
    const register = doc.paths['/v1/register'].post.requestBody.content['application/json'].schema;
    expect(register.required).toEqual(expect.arrayContaining(['name', 'username', 'email', 'password']));
    expect(doc.paths['/v1/products'].get.parameters.map((p: any) => p.name)).toEqual(expect.arrayContaining(['page', 'per_page', 'sort']));
    // A route that answers a shape of its own, one that redirects, one that takes an idempotency key.
    expect(doc.paths['/v1/broadcasting/auth'].post.responses['200'].content['application/json'].schema.required).toEqual(['auth']);
    expect(doc.paths['/v1/auth-google'].get.responses['3XX'].headers.Location).toBeTruthy();
    expect(doc.paths['/v1/transactions/checkout'].post.parameters.map((p: any) => p.name)).toContain('Idempotency-Key');
  });

  it('is what real answers are: a wrong body or an undocumented status is caught', async () => {
    const user = await newUser();
    const profile = await call('GET', `/v1/users/${user.user.id}/profile`);
    expect(profile.status).toBe(200);
    expect(await offReference('GET', `${apiUrl()}/v1/users/1/profile`, 200, 'application/json', { user: {} })).toMatch(/does not match/);
    expect(await offReference('GET', `${apiUrl()}/v1/products/x`, 404, 'application/json', { code: 'NOT_FOUND' })).toMatch(/does not match/);
    expect(await offReference('GET', `${apiUrl()}/v1/products/x`, 404, 'application/json', { code: 'NOT_FOUND', message: 'Not found' })).toBeUndefined();
    expect(await offReference('GET', `${apiUrl()}/v1/products/x`, 418, 'application/json', {})).toMatch(/status 418 is not documented/);
  });
});

describe('the reference page', () => {
  it('is served at /docs/api with its own assets, which the page policy allows', async () => {
    const base = apiUrl();
    const page = await fetch(`${base}/docs/api`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    const html = await page.text();
    const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThanOrEqual(3);
    for (const asset of assets) {
      // Served here (self-hosted), so the policy's 'self' allows them.
      expect(asset.startsWith('/docs/api/')).toBe(true);
      expect((await fetch(`${base}${asset}`)).status, asset).toBe(200);
    }
    // No inline script: the policy has no 'unsafe-inline'.
    expect(html).not.toMatch(/<script>(?!<\/script>)/);
  });
});
