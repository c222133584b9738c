/** What the app asks a payout provider to transfer. */
export interface PayoutRequest {
  /** Unique per attempt: a repeated call with the same key must not transfer twice. */
  idempotencyKey: string;
  amount: number;
  bank: string;
  accountName: string;
  accountNumber: string;
  email: string;
  notes: string;
}

/** The provider took the request: its id for the transfer (notifications name it). */
export interface PayoutAccepted {
  reference: string;
}

/** A verified notification: which payout, and how it ended. */
export interface PayoutNotice {
  /** Unique per event (a replay carries the same one). */
  eventKey: string;
  reference: string;
  outcome: 'completed' | 'failed' | 'pending';
  amount: number;
  reason?: string;
}

export interface PayoutProvider {
  name: 'sandbox' | 'iris';
  /**
   * Sends a transfer. Throws PayoutRefused when the provider definitely will not make it (the
   * money goes back to the balance); any other error is temporary and the send is retried
   * with the same idempotency key.
   */
  send(request: PayoutRequest): Promise<PayoutAccepted>;
  /** Verifies a callback on its raw body and headers; throws CallbackRejected when it is not genuine. */
  verify(rawBody: string, headers: Headers): Promise<PayoutNotice>;
}

export class PayoutRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PayoutRefused';
  }
}

export class CallbackRejected extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'CallbackRejected';
  }
}
