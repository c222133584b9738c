import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { WebhookRejected, type PaymentProvider } from './types.ts';

/**
 * The built-in payment provider (the embedded default): a local hosted page shows a virtual
 * account; "I have paid" makes the sandbox send a webhook signed with HMAC-SHA256 under
 * SANDBOX_PAYMENT_SECRET, which the app verifies exactly as it verifies a real provider's.
 */
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';

const noticeSchema = z.object({
  event_id: z.string().min(1).max(100),
  reference: z.string().min(1).max(64),
  status: z.enum(['paid', 'failed']),
  amount: z.number().int().nonnegative(),
});
export type SandboxNotice = z.infer<typeof noticeSchema>;

export const signSandbox = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

export function createSandboxProvider(opts: { secret: string; publicUrl: string }): PaymentProvider & { webhook(notice: SandboxNotice): { body: string; headers: Record<string, string> } } {
  return {
    name: 'sandbox',
    types: ['bank_transfer'],
    async start(charge) {
      const va = `8808${String(randomInt(0, 1e9)).padStart(9, '0')}`;
      return {
        token: charge.reference,
        redirectUrl: `${opts.publicUrl}/payment/sandbox/${charge.reference}`,
        instructions: { bank: 'Sandbox Bank', va_number: va },
      };
    },
    async verify(rawBody, headers) {
      const given = headers.get(SANDBOX_SIGNATURE_HEADER) ?? '';
      const expected = signSandbox(opts.secret, rawBody);
      const a = Buffer.from(given, 'utf8');
      const b = Buffer.from(expected, 'utf8');
      if (a.length !== b.length || !timingSafeEqual(a, b)) throw new WebhookRejected('bad signature');
      let parsed: SandboxNotice;
      try {
        parsed = noticeSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new WebhookRejected('malformed notice');
      }
      return { eventKey: parsed.event_id, reference: parsed.reference, outcome: parsed.status, amount: parsed.amount };
    },
    /** The webhook the sandbox delivers when its page says "paid". */
    webhook(notice) {
      const body = JSON.stringify(notice);
      return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signSandbox(opts.secret, body) } };
    },
  };
}
