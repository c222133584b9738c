import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { DEADLINE_JOB } from '../../src/server/domain/orders/engine.ts';
import { scheduleJob } from '../../src/server/domain/jobs/jobs.ts';
import { createLogger } from '../../src/server/logger.ts';
import { call, newUser, uniq } from '../support/api.ts';
import { useClockedServer } from '../support/clocked-server.ts';
import { mailsTo, newTraveller, randomLocalPhone, resetTokenOf, smsCode } from '../support/fixtures.ts';
import { checkoutProduct, payOrder, requesterWithAddress, travellerWithProduct } from '../support/orders.ts';
import { rawRequest } from '../support/raw-http.ts';

/**
 * The server's log as an operator's log shipper reads it: one JSON object a line, a request's
 * lines tied by req_id, and none of the secrets the run used (src/server/logger.ts).
 */
describe('structured logs', () => {
  const lines: string[] = [];
  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, any>);
  const secrets: string[] = [];
  const sink = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  // Debug level: the most the log can say, and still none of the secrets.
  const own = useClockedServer({ logger: createLogger('debug', { destination: sink }) });

  it('writes one JSON line per request: req_id (echoed), method, route pattern, status, duration, user id', async () => {
    const user = await newUser();
    const res = await call('GET', `/v1/users/${user.user.id}/profile`, { token: user.token, headers: { 'X-Request-Id': 'trace-7f3a:42' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('trace-7f3a:42');
    const line = entries().find((e) => e.msg === 'request' && e.req_id === 'trace-7f3a:42');
    expect(line).toMatchObject({ level: 'info', method: 'GET', route: '/v1/users/:id/profile', status: 200, user_id: user.user.id });
    expect(typeof line!.time).toBe('string');
    expect(line!.duration_ms).toBeGreaterThanOrEqual(0);
    // The raw path (with its id) is not what the line names.
    expect(lines.filter((l) => l.includes('trace-7f3a:42')).join('\n')).not.toContain(`/v1/users/${user.user.id}/`);
  });

  it('generates a request id when none or a malformed one is sent, and never echoes the malformed one', async () => {
    const plain = await call('GET', '/v1/misc/countries');
    expect(plain.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const long = 'x'.repeat(200);
    const tooLong = await call('GET', '/v1/misc/countries', { headers: { 'X-Request-Id': long } });
    expect(tooLong.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // A control character (a tab; fetch refuses the others) and a quote: raw HTTP.
    const raw = await rawRequest(own.server.url, 'GET /v1/misc/countries HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Request-Id: evil\tid"<script>\r\nConnection: close\r\n\r\n');
    expect(raw).toMatch(/^HTTP\/1\.1 200/);
    const echoed = raw.match(/x-request-id: ([^\r\n]*)/i)![1];
    expect(echoed).toMatch(/^[0-9a-f-]{36}$/);
    expect(lines.join('\n')).not.toContain(long);
    expect(lines.join('\n')).not.toContain('<script>');
  });

  it('names page-cache-free health checks only at debug level', async () => {
    const res = await fetch(`${own.server.url}/readyz`, { headers: { 'X-Request-Id': `health-${uniq()}` } });
    const id = res.headers.get('x-request-id')!;
    const line = entries().find((e) => e.msg === 'request' && e.req_id === id);
    expect(line).toMatchObject({ level: 'debug', route: '/readyz', status: 200 });
  });

  it('ties what a payment and its webhook log to their requests, and a job line to its key', async () => {
    const { product } = await travellerWithProduct();
    const buyer = await requesterWithAddress();
    const order = (await checkoutProduct(buyer, product)).body.data.transactions[0];
    const { pay } = await payOrder(buyer.token, order.id);
    const started = entries().find((e) => e.msg === 'payment started' && e.payment_id === pay.payment_id);
    expect(started?.req_id).toBeTruthy();
    const request = entries().find((e) => e.msg === 'request' && e.req_id === started!.req_id);
    expect(request).toMatchObject({ route: '/v1/transactions/:id/pay', user_id: buyer.user.id });
    const settled = entries().find((e) => e.msg === 'payment webhook settled' && e.reference === pay.token);
    expect(settled).toMatchObject({ outcome: 'confirmed' });
    expect(entries().find((e) => e.msg === 'request' && e.req_id === settled!.req_id)?.route).toBe('/v1/payments/webhooks/:provider');

    const key = `log-test:${uniq()}`;
    await scheduleJob(own.server.app.database.db, { kind: DEADLINE_JOB, key, runAt: new Date(Date.now() - 1000), payload: { orderId: -1 } });
    await own.server.app.jobs.runDue({ keys: [key] });
    expect(entries().some((e) => e.job === key)).toBe(true);
  });

  it('never writes the passwords, tokens, cookies, codes or mail bodies the run used', async () => {
    const password = `Sup3r-secret-${uniq()}`;
    const user = await newUser({ password });
    secrets.push(password, user.token);
    // A browser's sign-in: the session cookie comes back in Set-Cookie.
    const login = await call('POST', '/v1/login', { body: { email: user.email, password }, headers: { Origin: own.server.app.config.publicUrl } });
    expect(login.status).toBe(200);
    secrets.push(login.body.data.token);
    const cookie = login.headers.get('set-cookie')?.match(/=([^;]+)/)?.[1];
    if (cookie) secrets.push(cookie);
    // A wrong password, a bearer token in a header, a cookie.
    await call('POST', '/v1/login', { body: { email: user.email, password: `${password}-wrong` } });
    secrets.push(`${password}-wrong`);
    await call('GET', '/v1/profile', { headers: { Authorization: `Bearer ${user.token}`, Cookie: `titipan_session=${user.token}` } });
    // An SMS code.
    const traveller = await newTraveller();
    secrets.push(traveller.token);
    const phone = randomLocalPhone();
    await call('POST', '/v1/send-phone-verification', { token: user.token, body: { phone_number: phone } });
    const code = smsCode(`+62${phone.slice(1)}`);
    await call('POST', '/v1/verify-phone', { token: user.token, body: { phone_number: phone, otp_code: code } });
    secrets.push(code);
    // A reset mail: its link's token and its body.
    await call('POST', '/v1/forgot-password', { body: { email: user.email } });
    const mail = mailsTo(user.email).at(-1)!;
    const resetToken = resetTokenOf(mail);
    secrets.push(resetToken);
    const newPassword = `An0ther-secret-${uniq()}`;
    expect((await call('POST', '/v1/reset-password', { body: { token: resetToken, password: newPassword, password_confirmation: newPassword } })).status).toBe(200);
    secrets.push(newPassword);
    // Card data sent where it does not belong: refused, and not written down either.
    await call('POST', '/v1/login', { body: { email: user.email, password: '4242424242424242', card_number: '4242424242424242', cvc: '987' } });
    secrets.push('4242424242424242');
    // Server-held secrets.
    secrets.push(own.server.app.config.payments.sandboxSecret, own.server.app.config.pusher.secret);

    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(30);
    for (const secret of secrets) expect(log, `the log holds a secret the run used: ${secret.slice(0, 4)}…`).not.toContain(secret);
    // Nor a mail's body: its sentences.
    const sentence = mail.split('\n').find((l) => l.trim().length > 40)!.trim();
    expect(log).not.toContain(sentence);
  });
});
