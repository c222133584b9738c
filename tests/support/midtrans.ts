/**
 * Midtrans for the API suite: a local model of Snap's HTTP API (create a transaction) and its
 * HTTP notifications signed as Midtrans signs them (signature_key = SHA512(order_id + status_code
 * + gross_amount + server key)). A server with real payments also needs a real payout provider
 * beside it (config.ts), so `midtransEnv` names an Iris that is never called unless a test does.
 */
import { createHash, randomBytes } from 'node:crypto';
import { call } from './api.ts';
import { startFakeHttp, type FakeHttp } from './fake-http.ts';

export const MIDTRANS_SERVER_KEY = 'SB-Mid-server-test-key';

/** Snap: POST {base}/transactions with the server key as Basic user → 201 {token, redirect_url}. */
export function startFakeSnap(serverKey = MIDTRANS_SERVER_KEY): Promise<FakeHttp> {
  return startFakeHttp((req) => {
    const auth = Buffer.from(`${serverKey}:`).toString('base64');
    if (req.headers.authorization !== `Basic ${auth}`) return { status: 401, body: { error_messages: ['Access denied due to unauthorized transaction'] } };
    if (req.method !== 'POST' || req.path !== '/snap/v1/transactions') return { status: 404, body: { error_messages: ['not found'] } };
    const token = randomBytes(16).toString('hex');
    return { status: 201, body: { token, redirect_url: `https://app.sandbox.midtrans.com/snap/v4/redirection/${token}` } };
  });
}

/** The environment of a server taking bank transfers through the Snap model (and paying out through an Iris nobody calls). */
export const midtransEnv = (snap: FakeHttp, iris: Record<string, string> = {}) => ({
  PAYMENT_PROVIDER: 'midtrans',
  MIDTRANS_SERVER_KEY,
  MIDTRANS_CLIENT_KEY: 'SB-Mid-client-test-key',
  MIDTRANS_SNAP_URL: `${snap.url}/snap/v1`,
  PAYOUT_PROVIDER: 'iris',
  IRIS_API_KEY: 'IRIS-creator-key-unused',
  IRIS_MERCHANT_KEY: 'M-local-iris-merchant-key-unused-51c',
  IRIS_API_URL: `${snap.url}/iris/api/v1`,
  ...iris,
});

/** The order id (our payment reference) Snap was last asked to create. */
export const lastSnapReference = (snap: FakeHttp) => JSON.parse(snap.requests.at(-1)!.body).transaction_details.order_id as string;

/** A Midtrans HTTP notification as Midtrans signs it (or with the signature given). */
export function midtransNotice(
  fields: { order_id: string; gross_amount: string; transaction_status: string; transaction_id: string; status_code?: string; fraud_status?: string },
  signature?: string,
) {
  const notice = { status_code: '200', payment_type: 'bank_transfer', ...fields };
  const signature_key = signature ?? createHash('sha512').update(`${notice.order_id}${notice.status_code}${notice.gross_amount}${MIDTRANS_SERVER_KEY}`).digest('hex');
  return { ...notice, signature_key };
}

export const postMidtrans = (notice: Record<string, unknown>) => call('POST', '/v1/payments/webhooks/midtrans', { raw: JSON.stringify(notice) });
