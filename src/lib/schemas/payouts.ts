import { z } from 'zod';
import { MIN_WITHDRAWAL } from '../money/withdrawal.ts';
import { moneyField } from './catalogue.ts';
import { idField } from './ids.ts';

/** POST /v1/balances/withdraw (SPEC §7): a bank account of the caller's own and an amount in whole Rupiah. */
export const withdrawSchema = z.object({
  bank_id: z.unknown().pipe(idField('withdraw:error.bank_required')),
  balance: moneyField('withdraw:error.amount_required', 1).min(MIN_WITHDRAWAL, { error: 'withdraw:error.amount_minimum' }),
});
export type WithdrawInput = z.infer<typeof withdrawSchema>;
