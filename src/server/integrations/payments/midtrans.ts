import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { WebhookRejected, type PaymentNotice, type PaymentProvider } from './types.ts';

/**
 * Midtrans Snap (bank transfers, e-wallets and the rest of Snap's page) through the official
 * `midtrans-client`. Snap's order_id is our payment reference; amounts are whole Rupiah.
 * Notifications are genuine when signature_key = SHA512(order_id + status_code + gross_amount + server key).
 */
export interface MidtransOptions {
  serverKey: string;
  clientKey: string;
  production: boolean;
  /** Snap API base URL instead of Midtrans' own (a local fake in tests). */
  snapUrl?: string;
}

/** Snap's payment channels that are bank transfers (virtual accounts and Mandiri bill). */
const BANK_TRANSFER_CHANNELS = ['bca_va', 'bni_va', 'bri_va', 'permata_va', 'cimb_va', 'other_va', 'echannel'];

const notificationSchema = z.object({
  order_id: z.string().min(1).max(64),
  status_code: z.string().max(8),
  gross_amount: z.string().max(32),
  signature_key: z.string().max(256),
  transaction_status: z.string().max(32),
  transaction_id: z.string().min(1).max(100),
  fraud_status: z.string().max(32).optional(),
});

export const midtransSignature = (n: { order_id: string; status_code: string; gross_amount: string }, serverKey: string) =>
  createHash('sha512').update(`${n.order_id}${n.status_code}${n.gross_amount}${serverKey}`).digest('hex');

/** Snap's date format: 2026-11-23 22:30:00 +0000. */
const snapTime = (d: Date) => `${d.toISOString().slice(0, 19).replace('T', ' ')} +0000`;

function outcomeOf(status: string, fraud: string | undefined): PaymentNotice['outcome'] {
  switch (status) {
    case 'settlement':
      return 'paid';
    case 'capture':
      // A card capture is money only once the fraud check accepted it; "challenge" waits for review.
      if (fraud === 'accept') return 'paid';
      return fraud === 'deny' ? 'failed' : 'pending';
    case 'deny':
    case 'expire':
    case 'cancel':
    case 'failure':
      return 'failed';
    default:
      // pending, authorize, refunds and chargebacks: nothing this notification settles.
      return 'pending';
  }
}

export function createMidtransProvider(opts: MidtransOptions): PaymentProvider {
  // The SDK loads with the first payment, not with the server (memory: README).
  const snapClient = async () => {
    const { default: midtrans } = await import('midtrans-client');
    const snap = new midtrans.Snap({ isProduction: opts.production, serverKey: opts.serverKey, clientKey: opts.clientKey });
    if (opts.snapUrl) {
      const base = opts.snapUrl.replace(/\/+$/, '');
      snap.apiConfig.getSnapApiBaseUrl = () => base;
    }
    return snap;
  };
  let snap: ReturnType<typeof snapClient> | undefined;
  return {
    name: 'midtrans',
    types: ['bank_transfer'],
    async start(charge) {
      const minutes = Math.max(1, Math.floor((charge.expiresAt.getTime() - Date.now()) / 60_000));
      const res = await (await (snap ??= snapClient())).createTransaction({
        transaction_details: { order_id: charge.reference, gross_amount: charge.amount },
        item_details: [{ id: charge.reference, name: charge.description.slice(0, 50), price: charge.amount, quantity: 1 }],
        customer_details: { first_name: charge.customer.name.slice(0, 255), email: charge.customer.email },
        enabled_payments: BANK_TRANSFER_CHANNELS,
        expiry: { start_time: snapTime(new Date()), unit: 'minute', duration: minutes },
      });
      if (!res?.token || !res.redirect_url) throw new Error('Snap answered without a token');
      return { token: res.token, redirectUrl: res.redirect_url, instructions: { provider: 'Midtrans Snap' } };
    },
    async verify(rawBody) {
      let n: z.infer<typeof notificationSchema>;
      try {
        n = notificationSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new WebhookRejected('malformed notification');
      }
      const given = Buffer.from(n.signature_key.toLowerCase(), 'utf8');
      const expected = Buffer.from(midtransSignature(n, opts.serverKey), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new WebhookRejected('bad signature');
      const amount = Number(n.gross_amount);
      if (!Number.isFinite(amount)) throw new WebhookRejected('malformed amount');
      return {
        eventKey: `${n.order_id}:${n.transaction_status}:${n.transaction_id}`,
        reference: n.order_id,
        outcome: outcomeOf(n.transaction_status, n.fraud_status),
        amount,
      };
    },
  };
}
