import { and, desc, eq, inArray, like, sql } from 'drizzle-orm';
import { journals, ledgerEntries, transactions } from '../../db/orders-schema.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';

/**
 * The double-entry ledger. Every movement of money is one journal whose entries sum to zero;
 * a positive amount adds to the named account. Balances are sums of entries, never a stored
 * number, so they cannot drift from the history.
 */
export const account = {
  user: (id: number) => `user:${id}`,
  escrow: (transactionId: number) => `escrow:${transactionId}`,
  provider: (name: string) => `provider:${name}`,
  platformFees: 'platform:fees',
} as const;

export interface Posting {
  account: string;
  amount: number;
}

/**
 * Posts one balanced journal. `key` makes it idempotent: a second posting with the same key is
 * refused by the unique index and reports false, so retries and replays cannot move money twice.
 */
export async function postJournal(tx: Tx, input: { key: string; kind: string; transactionId?: number; entries: Posting[] }): Promise<boolean> {
  const entries = input.entries.filter((e) => e.amount !== 0);
  for (const e of entries) if (!Number.isSafeInteger(e.amount)) throw new Error(`ledger: ${e.account} amount ${e.amount} is not whole Rupiah`);
  const sum = entries.reduce((s, e) => s + e.amount, 0);
  if (sum !== 0) throw new Error(`ledger: journal ${input.key} does not balance (${sum})`);
  const [journal] = await tx
    .insert(journals)
    .values({ key: input.key, kind: input.kind, transactionId: input.transactionId ?? null })
    .onConflictDoNothing({ target: journals.key })
    .returning({ id: journals.id });
  if (!journal) return false;
  if (entries.length) await tx.insert(ledgerEntries).values(entries.map((e) => ({ journalId: journal.id, account: e.account, amount: e.amount })));
  return true;
}

export async function balanceOf(db: DbOrTx, name: string): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.account, name));
  return Number(row.total);
}

export interface PostingView {
  id: number;
  kind: string;
  amount: number;
  transaction_id: number | null;
  created_at: string;
}

/** A user's postings, newest first (the balance page's history). */
export async function userPostings(db: DbOrTx, userId: number, limit = 50): Promise<PostingView[]> {
  const rows = await db
    .select({ id: ledgerEntries.id, kind: journals.kind, amount: ledgerEntries.amount, transactionId: journals.transactionId, createdAt: ledgerEntries.createdAt })
    .from(ledgerEntries)
    .innerJoin(journals, eq(journals.id, ledgerEntries.journalId))
    .where(eq(ledgerEntries.account, account.user(userId)))
    .orderBy(desc(ledgerEntries.id))
    .limit(limit);
  return rows.map((r) => ({ id: r.id, kind: r.kind, amount: r.amount, transaction_id: r.transactionId, created_at: r.createdAt.toISOString() }));
}

export interface LedgerProblem {
  kind: 'unbalanced_journal' | 'escrow_mismatch';
  detail: string;
}

/**
 * The ledger's invariants (`npm run ledger:check`): every journal sums to zero, and each order's
 * escrow holds exactly what the buyer paid while the order is in flight (`held`), nothing otherwise.
 */
export async function checkLedger(db: DbOrTx, held: (status: string) => boolean): Promise<{ journals: number; problems: LedgerProblem[] }> {
  const problems: LedgerProblem[] = [];
  const unbalanced = await db
    .select({ journalId: ledgerEntries.journalId, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.journalId)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`);
  for (const u of unbalanced) problems.push({ kind: 'unbalanced_journal', detail: `journal ${u.journalId} sums to ${u.total}` });

  const escrows = await db
    .select({ account: ledgerEntries.account, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(like(ledgerEntries.account, 'escrow:%'))
    .groupBy(ledgerEntries.account);
  const escrowOf = new Map(escrows.map((e) => [Number(e.account.slice('escrow:'.length)), Number(e.total)]));
  const ids = [...escrowOf.keys()];
  const orders = ids.length
    ? await db.select({ id: transactions.id, status: transactions.status, totalPrice: transactions.totalPrice, paidAt: transactions.paidAt }).from(transactions).where(inArray(transactions.id, ids))
    : [];
  const inFlight = await db
    .select({ id: transactions.id, status: transactions.status, totalPrice: transactions.totalPrice, paidAt: transactions.paidAt })
    .from(transactions)
    .where(and(sql`${transactions.paidAt} is not null`));
  const all = new Map([...orders, ...inFlight].map((o) => [o.id, o]));
  for (const o of all.values()) {
    const expected = held(o.status) ? o.totalPrice : 0;
    const actual = escrowOf.get(o.id) ?? 0;
    if (actual !== expected) problems.push({ kind: 'escrow_mismatch', detail: `order ${o.id} (${o.status}) escrow ${actual}, expected ${expected}` });
  }
  const [{ count }] = await db.select({ count: sql<string>`count(*)` }).from(journals);
  return { journals: Number(count), problems };
}
