/** A withdrawal's payout: pending (queued) → processing (at the provider) → completed | failed. */
export type PayoutStatus = 'pending' | 'processing' | 'completed' | 'failed';

export interface PayoutView {
  id: number;
  amount: number;
  status: PayoutStatus;
  bank_name: string;
  account_name: string;
  /** Only the last four digits. */
  account_number: string;
  failure_reason: string | null;
  created_at: string;
  completed_at: string | null;
  failed_at: string | null;
}

/** One posting of the user's balance; a withdrawal's postings carry their payout. */
export interface BalancePosting {
  id: number;
  kind: string;
  amount: number;
  transaction_id: number | null;
  created_at: string;
  payout: PayoutView | null;
}

/** The operator console's row: a payout with whose it is and what the provider said. */
export interface OperatorPayoutView extends PayoutView {
  user: { id: number; name: string; email: string };
  provider: string;
  provider_reference: string | null;
  attempt: number;
  account_number_full: string;
  bank_code: string;
}
