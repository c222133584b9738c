import { call } from './api.ts';

/** Every test server lists this address in OPERATOR_EMAILS (test-server.ts). */
export const TEST_OPERATOR_EMAIL = 'operator@titipan.test';
const PASSWORD = 'operator-password-1';

/**
 * A session of the suite's operator: signs in, or registers the account the first time (files
 * run in parallel: a lost registration race signs in instead).
 */
export async function operatorToken(): Promise<string> {
  const login = () => call('POST', '/v1/login', { body: { email: TEST_OPERATOR_EMAIL, password: PASSWORD } });
  let res = await login();
  if (res.status !== 200) {
    const reg = await call('POST', '/v1/register', { body: { name: 'Operator', username: `operator_${Math.random().toString(36).slice(2, 8)}`, email: TEST_OPERATOR_EMAIL, password: PASSWORD } });
    if (reg.status === 201) return reg.body.data.token;
    res = await login();
  }
  if (res.status !== 200) throw new Error(`operator sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data.token;
}
