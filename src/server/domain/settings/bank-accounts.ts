import { and, desc, eq, isNull } from 'drizzle-orm';
import { bankName, isPayoutBank } from '../../../lib/banks.ts';
import type { BankAccountInput } from '../../../lib/schemas/places.ts';
import type { BankAccountView } from '../../../lib/views/index.ts';
import type { Db } from '../../db/client.ts';
import { bankAccounts } from '../../db/schema.ts';
import { invalid, notFound } from '../../errors.ts';

const view = (r: typeof bankAccounts.$inferSelect): BankAccountView => ({
  id: r.id,
  account_bank: r.accountBank,
  bank_name: bankName(r.accountBank),
  account_name: r.accountName,
  account_number: r.accountNumber,
});

const mine = (userId: number) => and(eq(bankAccounts.userId, userId), isNull(bankAccounts.deletedAt));

function check(input: BankAccountInput) {
  if (!isPayoutBank(input.account_bank)) throw invalid({ account_bank: 'account:bank.bank_required' });
}

export async function listBankAccounts(db: Db, userId: number): Promise<BankAccountView[]> {
  const rows = await db.select().from(bankAccounts).where(mine(userId)).orderBy(desc(bankAccounts.createdAt), desc(bankAccounts.id));
  return rows.map(view);
}

export async function getBankAccount(db: Db, userId: number, id: number): Promise<BankAccountView> {
  const [row] = await db.select().from(bankAccounts).where(and(eq(bankAccounts.id, id), mine(userId)));
  if (!row) throw notFound('account:bank.not_found');
  return view(row);
}

export async function createBankAccount(db: Db, userId: number, input: BankAccountInput): Promise<BankAccountView> {
  check(input);
  const [row] = await db
    .insert(bankAccounts)
    .values({ userId, accountBank: input.account_bank, accountName: input.account_name, accountNumber: input.account_number })
    .returning();
  return view(row);
}

export async function updateBankAccount(db: Db, userId: number, id: number, input: BankAccountInput, now: Date) {
  check(input);
  const [row] = await db
    .update(bankAccounts)
    .set({ accountBank: input.account_bank, accountName: input.account_name, accountNumber: input.account_number, updatedAt: now })
    .where(and(eq(bankAccounts.id, id), mine(userId)))
    .returning();
  if (!row) throw notFound('account:bank.not_found');
  return view(row);
}

export async function deleteBankAccount(db: Db, userId: number, id: number, now: Date): Promise<void> {
  const gone = await db.update(bankAccounts).set({ deletedAt: now }).where(and(eq(bankAccounts.id, id), mine(userId))).returning({ id: bankAccounts.id });
  if (!gone.length) throw notFound('account:bank.not_found');
}
