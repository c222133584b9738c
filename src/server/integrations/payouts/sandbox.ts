import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { CallbackRejected, PayoutRefused, type PayoutProvider } from './types.ts';

/**
 * The built-in payout provider (the embedded default): no money moves. It accepts a transfer at
 * once, and a job delivers its callback a few seconds later (SANDBOX_PAYOUT_DELAY_SECONDS),
 * signed with HMAC-SHA256 under SANDBOX_PAYOUT_SECRET and verified like a real provider's.
 * An account number starting with 000 stands for an account that does not exist: its payout
 * fails, so the failure path can be tried by hand.
 */
export const SANDBOX_PAYOUT_SIGNATURE_HEADER = 'x-sandbox-payout-signature';
export const SANDBOX_FAILING_ACCOUNT_PREFIX = '000';

const noticeSchema = z.object({
  event_id: z.string().min(1).max(100),
  reference: z.string().min(1).max(100),
  status: z.enum(['completed', 'failed']),
  amount: z.number().int().positive(),
  reason: z.string().max(200).optional(),
});
export type SandboxPayoutNotice = z.infer<typeof noticeSchema>;

export const signSandboxPayout = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('hex');

export interface SandboxPayoutProvider extends PayoutProvider {
  name: 'sandbox';
  /** How the sandbox will end a transfer to this account. */
  outcomeFor(accountNumber: string): 'completed' | 'failed';
  /** The callback the sandbox delivers when a transfer ends. */
  callback(notice: SandboxPayoutNotice): { body: string; headers: Record<string, string> };
}

export function createSandboxPayouts(opts: { secret: string }): SandboxPayoutProvider {
  return {
    name: 'sandbox',
    async send(request) {
      if (!/^\d+$/.test(request.accountNumber)) throw new PayoutRefused('account number is not numeric');
      return { reference: `SBX-PO-${randomBytes(8).toString('hex')}` };
    },
    outcomeFor: (accountNumber) => (accountNumber.startsWith(SANDBOX_FAILING_ACCOUNT_PREFIX) ? 'failed' : 'completed'),
    async verify(rawBody, headers) {
      const given = Buffer.from(headers.get(SANDBOX_PAYOUT_SIGNATURE_HEADER) ?? '', 'utf8');
      const expected = Buffer.from(signSandboxPayout(opts.secret, rawBody), 'utf8');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw new CallbackRejected('bad signature');
      let n: SandboxPayoutNotice;
      try {
        n = noticeSchema.parse(JSON.parse(rawBody));
      } catch {
        throw new CallbackRejected('malformed notice');
      }
      return { eventKey: n.event_id, reference: n.reference, outcome: n.status, amount: n.amount, reason: n.reason };
    },
    callback(notice) {
      const body = JSON.stringify(notice);
      return { body, headers: { 'content-type': 'application/json', [SANDBOX_PAYOUT_SIGNATURE_HEADER]: signSandboxPayout(opts.secret, body) } };
    },
  };
}
