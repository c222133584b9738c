import type { PaymentType } from '../../../lib/orders/vocabulary.ts';

/** What the app asks a provider to collect. */
export interface ChargeRequest {
  /** Our payment reference: the provider's order id. */
  reference: string;
  amount: number;
  paymentType: PaymentType;
  expiresAt: Date;
  customer: { name: string; email: string };
  description: string;
}

/** What the buyer's browser needs to pay: a hosted page, a widget token or a card client secret. */
export interface ChargeStarted {
  token?: string;
  redirectUrl?: string;
  clientSecret?: string;
  /** Shown on /dashboard/payment/{id}: bank, virtual-account number, … */
  instructions?: Record<string, unknown>;
}

/** A verified notification: which payment, and whether the money is there. */
export interface PaymentNotice {
  /** Unique per delivery-worthy event (a replay carries the same one). */
  eventKey: string;
  reference: string;
  outcome: 'paid' | 'failed' | 'pending';
  amount: number;
}

export interface PaymentProvider {
  name: 'sandbox' | 'midtrans' | 'stripe';
  /** Payment types this provider takes. */
  types: readonly PaymentType[];
  start(charge: ChargeRequest): Promise<ChargeStarted>;
  /** Verifies a webhook on its raw body and headers; throws WebhookRejected when it is not genuine. */
  verify(rawBody: string, headers: Headers): Promise<PaymentNotice>;
}

export class WebhookRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'WebhookRejected';
  }
}
