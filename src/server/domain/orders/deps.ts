import type { Deps } from '../deps.ts';

/** What the orders domain is built from: the app's dependencies (db, clock, config, …). */
export type OrderDeps = Deps;

/** After a transaction that queued notifications commits: the outbox delivers them now. */
export function afterCommit(deps: OrderDeps) {
  deps.outbox.kick();
}
