/**
 * Withdrawals of a user's balance (saldo) to their bank account (docs/payouts.md). The money
 * moves in the ledger; this row follows the payout through its provider. The bank details are a
 * copy taken when the withdrawal is asked for: editing or deleting the account later changes
 * nothing about where money already went.
 */
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bankAccounts, createdAt, money, updatedAt, users } from './schema.ts';

const at = (name: string) => timestamp(name, { withTimezone: true });

export const payouts = pgTable(
  'payouts',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    bankAccountId: integer('bank_account_id')
      .notNull()
      .references(() => bankAccounts.id),
    accountBank: varchar('account_bank', { length: 40 }).notNull(),
    accountName: text('account_name').notNull(),
    accountNumber: varchar('account_number', { length: 34 }).notNull(),
    amount: money('amount').notNull(),
    /** pending (waiting to be sent) → processing (the provider has it) → completed | failed. */
    status: varchar('status', { length: 16 }).notNull().default('pending'),
    provider: varchar('provider', { length: 20 }).notNull(),
    /** 1, then +1 on every operator retry: journal keys and the provider's idempotency key carry it. */
    attempt: integer('attempt').notNull().default(1),
    /** The provider's id of the current attempt (Iris reference_no). */
    providerReference: varchar('provider_reference', { length: 100 }),
    failureReason: text('failure_reason'),
    sentAt: at('sent_at'),
    completedAt: at('completed_at'),
    failedAt: at('failed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('payouts_user_idx').on(t.userId, t.id),
    index('payouts_status_idx').on(t.status),
    uniqueIndex('payouts_provider_reference_key').on(t.provider, t.providerReference),
  ],
);
