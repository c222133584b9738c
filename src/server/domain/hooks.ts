import type { Db } from '../db/client.ts';

/** A reason (i18n key) that blocks an action, e.g. 'places:trip.cancel_blocked_shipping'. */
export type Blocker = (db: Db, id: number) => Promise<string[]>;
export type SideEffect = (tx: Db, id: number) => Promise<void>;

/**
 * Seams between domains. Trips and accounts must not know about orders, yet orders decide
 * whether a trip can be cancelled or an account deleted: the orders domain registers here.
 */
export interface DomainHooks {
  tripCancelBlockers: Blocker[];
  onTripCancelled: SideEffect[];
  accountDeletionBlockers: Blocker[];
  /** A product with active orders cannot be edited or deleted (disable-edit-product). */
  productChangeBlockers: Blocker[];
  /** How many orders each product has (the seller's dashboard). */
  productOrderCounts?: (db: Db, productIds: number[]) => Promise<Map<number, number>>;
  /**
   * Whether this traveller took this request (an order of theirs for it exists), so a product
   * posted from it (`request_id`) really belongs to that deal. The orders domain registers it;
   * until then the catalogue checks only that the request exists, is active and is not the
   * traveller's own.
   */
  requestTakenBy?: (db: Db, requestId: number, travellerId: number) => Promise<boolean>;
}

export const createHooks = (): DomainHooks => ({
  tripCancelBlockers: [],
  onTripCancelled: [],
  accountDeletionBlockers: [],
  productChangeBlockers: [],
});

export async function blockers(list: Blocker[], db: Db, id: number): Promise<string[]> {
  return (await Promise.all(list.map((check) => check(db, id)))).flat();
}
