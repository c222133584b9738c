/**
 * The operator console's API: only operators get in (404 for everyone else, on every
 * /v1/admin route), OPERATOR_EMAILS grants the role, an operator grants it to another account,
 * and every such action is in the audit log.
 */
import { describe, expect, it } from 'vitest';
import { adminRoutes } from '../../src/server/api/admin.ts';
import { call, newUser } from '../support/api.ts';
import { operatorToken, TEST_OPERATOR_EMAIL } from '../support/operators.ts';

/** Every route of the admin router, with its path parameters filled in. */
const adminPaths = adminRoutes.routes
  .filter((r) => r.method !== 'ALL')
  .map((r) => ({ method: r.method, path: `/v1${r.path.replace(/:[a-z_]+/g, '1')}` }));

describe('operator console authorization', () => {
  it('lists the routes it checks', () => {
    expect(adminPaths.length).toBeGreaterThanOrEqual(4);
    expect(adminPaths.every((r) => r.path.startsWith('/v1/admin'))).toBe(true);
  });

  it('answers 404 to a guest and to a signed-in non-operator on every /v1/admin route', async () => {
    const someone = await newUser();
    for (const { method, path } of adminPaths) {
      const body = method === 'GET' ? undefined : {};
      for (const token of [undefined, someone.token]) {
        const res = await call(method, path, { token, body });
        expect(res.status, `${method} ${path} ${token ? 'user' : 'guest'}`).toBe(404);
        expect(res.body.code).toBe('NOT_FOUND');
      }
    }
  });

  it('lets the configured operator in, and nobody can make themselves one', async () => {
    const token = await operatorToken();
    const me = await call('GET', '/v1/admin/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data).toMatchObject({ email: TEST_OPERATOR_EMAIL, operator: true });
    const list = await call('GET', '/v1/admin/operators', { token });
    expect(list.body.data.find((o: { email: string }) => o.email === TEST_OPERATOR_EMAIL)).toMatchObject({ source: 'config' });
    // A user cannot grant the role to anyone, themselves included.
    const someone = await newUser();
    const self = await call('POST', '/v1/admin/operators', { token: someone.token, body: { email: someone.email } });
    expect(self.status).toBe(404);
    expect((await call('GET', '/v1/admin/me', { token: someone.token })).status).toBe(404);
  });

  it('an operator makes another account an operator; the action is in the audit log with who and when', async () => {
    const token = await operatorToken();
    const colleague = await newUser();
    const missing = await call('POST', '/v1/admin/operators', { token, body: { email: `nobody_${colleague.username}@example.test` }, lang: 'id' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Tidak ada akun dengan alamat e-mail ini.');
    const bad = await call('POST', '/v1/admin/operators', { token, body: { email: 'not-an-email' } });
    expect(bad.status).toBe(422);
    const granted = await call('POST', '/v1/admin/operators', { token, body: { email: colleague.email.toUpperCase() } });
    expect(granted.status).toBe(201);
    expect(granted.body.message).toBe('The account is now an operator.');
    expect((await call('GET', '/v1/admin/me', { token: colleague.token })).status).toBe(200);
    const audit = await call('GET', '/v1/admin/actions', { token: colleague.token });
    const entry = audit.body.data.find((a: { action: string; target_id: number }) => a.action === 'grant_operator' && a.target_id === colleague.user.id);
    expect(entry).toMatchObject({ operator: { email: TEST_OPERATOR_EMAIL }, target_type: 'user', data: { email: colleague.email } });
    expect(Date.parse(entry.created_at)).toBeGreaterThan(Date.now() - 60_000);
  });
});
