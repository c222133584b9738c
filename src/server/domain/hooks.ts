import type { DbOrTx, Tx } from '../db/client.ts';

/**
 * A reason (i18n key) that blocks an action, e.g. 'places:trip.cancel_blocked_shipping'. It runs
 * inside the transaction of the action it guards, after that action locked its row, so what it
 * reads cannot change before the action commits; it locks what it decides on (`.for('update')`).
 */
export type Blocker = (tx: Tx, id: number) => Promise<string[]>;
/** Runs in the transaction of the action it follows: failing rolls the action back. */
export type SideEffect = (tx: Tx, id: number) => Promise<void>;

/**
 * Seams between domains. Trips and accounts must not know about orders, yet orders decide
 * whether a trip can be cancelled or an account deleted: the orders domain registers here.
 */
export interface DomainHooks {
  tripCancelBlockers: Blocker[];
  onTripCancelled: SideEffect[];
  /** A trip's dates changed (its delivery reminder moves with them). */
  onTripDatesChanged: SideEffect[];
  accountDeletionBlockers: Blocker[];
  /** A product with active orders cannot be edited or deleted (disable-edit-product). */
  productChangeBlockers: Blocker[];
  /** How many orders each product has (the seller's dashboard): a read, in a transaction or not. */
  productOrderCounts?: (db: DbOrTx, productIds: number[]) => Promise<Map<number, number>>;
  /**
   * Whether this traveller took this request (an order of theirs for it exists), so a product
   * posted from it (`request_id`) really belongs to that deal. The orders domain registers it;
   * until then the catalogue checks only that the request exists, is active and is not the
   * traveller's own. Runs inside the transaction posting the product.
   */
  requestTakenBy?: (tx: Tx, requestId: number, travellerId: number) => Promise<boolean>;
}

export const createHooks = (): DomainHooks => ({
  tripCancelBlockers: [],
  onTripCancelled: [],
  onTripDatesChanged: [],
  accountDeletionBlockers: [],
  productChangeBlockers: [],
});

/** Every registered check's reasons, one after the other on the guarded transaction. */
export async function blockers(list: Blocker[], tx: Tx, id: number): Promise<string[]> {
  const reasons: string[] = [];
  for (const check of list) reasons.push(...(await check(tx, id)));
  return reasons;
}
