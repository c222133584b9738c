import { createHash, timingSafeEqual } from 'node:crypto';
import type midtrans from 'midtrans-client';
import { z } from 'zod';
import { CallbackRejected, PayoutRefused, type PayoutNotice, type PayoutProvider } from './types.ts';

/**
 * Midtrans Iris (disbursements to Indonesian bank accounts) through the official
 * `midtrans-client`. The bank codes of src/lib/banks.ts are Iris' beneficiary_bank codes.
 * A payout is created with the API key (Basic user) and an X-Idempotency-Key, so a send that
 * is retried after a timeout cannot transfer twice; the account's approval is set to automatic
 * in the Iris dashboard. Notifications are genuine when their Iris-Signature header is
 * SHA512(raw body + merchant key).
 */
export interface IrisOptions {
  apiKey: string;
  merchantKey: string;
  production: boolean;
  /** Iris' API base URL instead of Midtrans' own (a local fake in tests). */
  apiUrl?: string;
  /** How long one call may take; the send is retried after it. */
  timeoutMs?: number;
}

export const IRIS_SIGNATURE_HEADER = 'iris-signature';
export const irisSignature = (rawBody: string, merchantKey: string) => createHash('sha512').update(`${rawBody}${merchantKey}`).digest('hex');

const notificationSchema = z.object({
  reference_no: z.string().min(1).max(100),
  amount: z.string().max(32),
  status: z.string().min(1).max(32),
  updated_at: z.string().max(64).optional(),
  error_code: z.string().max(100).optional(),
  error_message: z.string().max(500).optional(),
});

function outcomeOf(status: string): PayoutNotice['outcome'] {
  if (status === 'completed') return 'completed';
  // Rejected by an approver, or failed at the bank: the money did not leave.
  if (status === 'failed' || status === 'rejected') return 'failed';
  return 'pending'; // queued, approved, processed: still on its way
}

/** Iris amounts are decimal strings ("150000.00"): whole Rupiah only. */
function wholeRupiah(text: string): number | undefined {
  if (!/^\d{1,15}(\.0{1,2})?$/.test(text)) return undefined;
  return Number(text.split('.')[0]);
}

export function createIrisPayouts(opts: IrisOptions): PayoutProvider {
  // The SDK loads with the first payout, not with the server (memory: README).
  const client = async (idempotencyKey?: string) => {
    const { default: sdk } = await import('midtrans-client');
    const iris = new sdk.Iris({ isProduction: opts.production, serverKey: opts.apiKey });
    if (opts.apiUrl) {
      const base = opts.apiUrl.replace(/\/+$/, '');
      iris.apiConfig.getIrisApiBaseUrl = () => base;
    }
    iris.httpClient.http_client.defaults.timeout = opts.timeoutMs ?? 20_000;
    if (idempotencyKey) iris.httpClient.http_client.defaults.headers.common['X-Idempotency-Key'] = idempotencyKey;
    return iris;
  };
  return {
    name: 'iris',
    async send(request) {
      let res;
      try {
        res = await (await client(request.idempotencyKey)).createPayouts({
          payouts: [
            {
              beneficiary_name: request.accountName.slice(0, 100),
              beneficiary_account: request.accountNumber,
              beneficiary_bank: request.bank,
              beneficiary_email: request.email,
              amount: `${request.amount}.00`,
              notes: request.notes.replace(/[^A-Za-z0-9 ]/g, ' ').slice(0, 100),
            },
          ],
        });
      } catch (err) {
        const status = (err as InstanceType<typeof midtrans.MidtransError>).httpStatusCode;
        // 400/422: Iris will not make this transfer (unknown bank, bad account): final.
        // 401/403 (our keys), 409, 429 and 5xx: ours or temporary — sent again later with the same key.
        if (status === 400 || status === 422) throw new PayoutRefused(`Iris refused the payout (${status}): ${JSON.stringify((err as { ApiResponse?: unknown }).ApiResponse ?? '').slice(0, 300)}`);
        throw err;
      }
      const reference = res?.payouts?.[0]?.reference_no;
      if (!reference) throw new Error('Iris answered without a reference_no');
      return { reference };
    },
    async verify(rawBody, headers) {
      const given = Buffer.from((headers.get(IRIS_SIGNATURE_HEADER) ?? '').toLowerCase(), 'utf8');
      const expected = Buffer.from(irisSignature(rawBody, opts.merchantKey), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new CallbackRejected('bad signature');
      let n: z.infer<typeof notificationSchema>;
      try {
        n = notificationSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new CallbackRejected('malformed notification');
      }
      const amount = wholeRupiah(n.amount);
      if (amount === undefined) throw new CallbackRejected('malformed amount');
      return {
        eventKey: `${n.reference_no}:${n.status}`,
        reference: n.reference_no,
        outcome: outcomeOf(n.status),
        amount,
        reason: n.error_message ?? n.error_code,
      };
    },
  };
}
