import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Locale } from '../../../lib/i18n/index.ts';
import { imageRef } from '../../../lib/images.ts';
import type { OrderEvent } from '../../../lib/orders/vocabulary.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { helpTickets, tripProofs } from '../../db/operator-schema.ts';
import { transactionItems, transactions } from '../../db/orders-schema.ts';
import { globalCities, products, reports, requests, trips, users } from '../../db/schema.ts';
import { conflict, notFound, AppErrorCode } from '../../errors.ts';
import { notify } from '../notifications/outbox.ts';
import { afterSalesView } from '../orders/after-sales.ts';
import { afterCommit, type OrderDeps } from '../orders/deps.ts';
import { fireIn } from '../orders/engine.ts';
import { orderLink } from '../orders/notify.ts';
import { partyOf } from '../orders/types.ts';
import { recordOperatorAction } from './audit.ts';

/*
 * The work queues of the operator console (docs/operator-console.md). Lists select only what
 * the decision needs (names, amounts, evidence; no e-mail addresses, phones or addresses);
 * every action locks what it decides on and records itself in the same transaction.
 */

const APPEAL_STATES = ['appealed', 'appeal_return_shipped', 'appeal_return_problem'];
const requester = alias(users, 'requester');
const traveler = alias(users, 'traveler');
const party = <U extends { id: unknown; name: unknown; username: unknown }>(u: U) => ({ id: u.id, name: u.name, username: u.username }) as Pick<U, 'id' | 'name' | 'username'>;

/** Orders under appeal, oldest first: the parties, the money, the items and the after-sales record. */
export async function listAppeals(db: DbOrTx, locale: Locale) {
  const rows = await db
    .select({ o: transactions, requester: party(requester), traveler: party(traveler) })
    .from(transactions)
    .innerJoin(requester, eq(requester.id, transactions.requesterId))
    .innerJoin(traveler, eq(traveler.id, transactions.travelerId))
    .where(inArray(transactions.status, APPEAL_STATES))
    .orderBy(asc(transactions.updatedAt))
    .limit(100);
  const items = rows.length
    ? await db
        .select({ transactionId: transactionItems.transactionId, name: transactionItems.name, quantity: transactionItems.quantity })
        .from(transactionItems)
        .where(inArray(transactionItems.transactionId, rows.map((r) => r.o.id)))
    : [];
  return rows.map(({ o, requester: req, traveler: trav }) => ({
    id: o.id,
    status: o.status,
    total_price: o.totalPrice,
    traveler_total: o.travelerTotal,
    requester: req,
    traveler: trav,
    products: items.filter((i) => i.transactionId === o.id).map((i) => ({ name: i.name, quantity: i.quantity })),
    after_sales: afterSalesView(o, locale),
    updated_at: o.updatedAt.toISOString(),
  }));
}

/**
 * An operator decides an appeal: for the buyer (decide_refund: the whole payment back to their
 * balance) or for the traveller (decide_release: escrow released). Fired through the order
 * machine with the operator as actor — its ledger posting and both parties' notifications happen
 * in the same transaction as the audit record.
 */
export async function decideAppeal(deps: OrderDeps, operatorId: number, orderId: number, decision: 'refund' | 'release', note?: string) {
  const event: OrderEvent = decision === 'refund' ? 'decide_refund' : 'decide_release';
  const order = await deps.db.transaction(async (tx) => {
    const after = await fireIn(tx, deps, orderId, event, { role: 'operator', userId: operatorId }, { note, data: { operator_id: operatorId } });
    await recordOperatorAction(tx, operatorId, event, 'transaction', orderId, { decision, note: note ?? null, total_price: after.totalPrice });
    return after;
  });
  afterCommit(deps);
  return { id: order.id, status: order.status };
}

/** Open reports on products and requests, with the reported post and its owner. */
export async function listReports(db: DbOrTx) {
  const reporter = alias(users, 'reporter');
  const owner = alias(users, 'owner');
  const rows = await db
    .select({
      id: reports.id,
      reason: reports.reason,
      createdAt: reports.createdAt,
      reporter: party(reporter),
      productId: reports.productId,
      requestId: reports.requestId,
      name: sql<string>`coalesce(${products.name}, ${requests.name})`,
      slug: sql<string>`coalesce(${products.slug}, ${requests.slug})`,
      active: sql<boolean>`coalesce(${products.active}, ${requests.active})`,
      owner: party(owner),
    })
    .from(reports)
    .innerJoin(reporter, eq(reporter.id, reports.reporterId))
    .leftJoin(products, eq(products.id, reports.productId))
    .leftJoin(requests, eq(requests.id, reports.requestId))
    .innerJoin(owner, eq(owner.id, sql`coalesce(${products.userId}, ${requests.userId})`))
    .where(eq(reports.status, 'OPEN'))
    .orderBy(asc(reports.createdAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    reason: r.reason,
    created_at: r.createdAt.toISOString(),
    reporter: r.reporter,
    target: {
      type: r.productId ? ('product' as const) : ('request' as const),
      id: (r.productId ?? r.requestId)!,
      name: r.name,
      href: r.productId ? `/products/${r.slug}` : `/products/request/${r.slug}`,
      active: r.active,
      owner: r.owner,
    },
  }));
}

/**
 * Settles a report: `hide` takes the post off the catalogue and settles every open report on
 * it; `dismiss` settles this report and leaves the post as it is.
 */
export async function resolveReport(db: Db, operatorId: number, reportId: number, action: 'hide' | 'dismiss') {
  return db.transaction(async (tx) => {
    const [report] = await tx.select().from(reports).where(eq(reports.id, reportId)).for('update');
    if (!report) throw notFound('admin:reports.not_found');
    if (report.status !== 'OPEN') throw conflict(AppErrorCode.INVALID_TRANSITION, 'admin:reports.already_settled');
    const target = report.productId ? { type: 'product' as const, id: report.productId } : { type: 'request' as const, id: report.requestId! };
    if (action === 'hide') {
      if (target.type === 'product') await tx.update(products).set({ active: false }).where(eq(products.id, target.id));
      else await tx.update(requests).set({ active: false }).where(eq(requests.id, target.id));
      const sameTarget = target.type === 'product' ? eq(reports.productId, target.id) : eq(reports.requestId, target.id);
      await tx.update(reports).set({ status: 'HIDDEN' }).where(and(sameTarget, eq(reports.status, 'OPEN')));
    } else {
      await tx.update(reports).set({ status: 'DISMISSED' }).where(eq(reports.id, report.id));
    }
    await recordOperatorAction(tx, operatorId, `${action}_report`, 'report', report.id, { target_type: target.type, target_id: target.id });
    return { id: report.id, status: action === 'hide' ? 'HIDDEN' : 'DISMISSED' };
  });
}

/** Help tickets (open first by default), with the order's number and state and who asked. */
export async function listHelpTickets(db: DbOrTx, status: 'OPEN' | 'CLOSED') {
  const rows = await db
    .select({ t: helpTickets, user: party(users), orderStatus: transactions.status })
    .from(helpTickets)
    .innerJoin(users, eq(users.id, helpTickets.userId))
    .innerJoin(transactions, eq(transactions.id, helpTickets.transactionId))
    .where(eq(helpTickets.status, status))
    .orderBy(status === 'OPEN' ? asc(helpTickets.createdAt) : desc(helpTickets.closedAt))
    .limit(100);
  return rows.map(({ t, user, orderStatus }) => ({
    id: t.id,
    topic: t.topic,
    message: t.message,
    status: t.status,
    user,
    transaction: { id: t.transactionId, status_when_asked: t.orderStatus, status: orderStatus },
    created_at: t.createdAt.toISOString(),
    closed_at: t.closedAt?.toISOString() ?? null,
  }));
}

/** An operator closes a ticket once answered; the asker is told. */
export async function closeHelpTicket(deps: OrderDeps, operatorId: number, ticketId: number) {
  const out = await deps.db.transaction(async (tx) => {
    const [ticket] = await tx.select().from(helpTickets).where(eq(helpTickets.id, ticketId)).for('update');
    if (!ticket) throw notFound('admin:tickets.not_found');
    if (ticket.status !== 'OPEN') throw conflict(AppErrorCode.INVALID_TRANSITION, 'admin:tickets.already_closed');
    const now = deps.now();
    await tx.update(helpTickets).set({ status: 'CLOSED', closedBy: operatorId, closedAt: now }).where(eq(helpTickets.id, ticket.id));
    await recordOperatorAction(tx, operatorId, 'close_ticket', 'help_ticket', ticket.id, { transaction_id: ticket.transactionId });
    const [order] = await tx.select({ id: transactions.id, requesterId: transactions.requesterId, travelerId: transactions.travelerId }).from(transactions).where(eq(transactions.id, ticket.transactionId));
    const side = partyOf(order, ticket.userId) ?? 'requester';
    await notify(tx, ticket.userId, {
      key: 'admin:notify.ticket_closed',
      params: { id: ticket.transactionId },
      notifiableType: 'transaction',
      notifiableId: ticket.transactionId,
      link: orderLink(order, side),
      transactionType: side === 'requester' ? 'pembelian' : 'penjualan',
    });
    return { id: ticket.id, status: 'CLOSED' };
  });
  afterCommit(deps);
  return out;
}

/** Proofs of travel waiting for a check, with the trip they are for. */
export async function listTripProofs(db: DbOrTx) {
  const oCity = alias(globalCities, 'o_city');
  const dCity = alias(globalCities, 'd_city');
  const rows = await db
    .select({ p: tripProofs, traveler: party(users), origin: oCity.name, destination: dCity.name, arrival: trips.arrivalDate, delivery: trips.deliveryDate })
    .from(tripProofs)
    .innerJoin(trips, eq(trips.id, tripProofs.tripId))
    .innerJoin(users, eq(users.id, tripProofs.userId))
    .innerJoin(oCity, eq(oCity.id, trips.originCityId))
    .innerJoin(dCity, eq(dCity.id, trips.destinationCityId))
    .where(eq(tripProofs.status, 'PENDING'))
    .orderBy(asc(tripProofs.createdAt))
    .limit(100);
  return rows.map((r) => ({
    id: r.p.id,
    traveler: r.traveler,
    trip: { id: r.p.tripId, origin_city: r.origin, destination_city: r.destination, arrival_date: r.arrival, delivery_date: r.delivery },
    image: imageRef(r.p.imageId),
    created_at: r.p.createdAt.toISOString(),
  }));
}

/** An operator approves (the trip shows "confirmed trip") or rejects a proof of travel. */
export async function reviewTripProof(deps: OrderDeps, operatorId: number, proofId: number, approve: boolean) {
  const out = await deps.db.transaction(async (tx) => {
    const [proof] = await tx.select().from(tripProofs).where(eq(tripProofs.id, proofId)).for('update');
    if (!proof) throw notFound('admin:proofs.not_found');
    if (proof.status !== 'PENDING') throw conflict(AppErrorCode.INVALID_TRANSITION, 'admin:proofs.already_reviewed');
    const status = approve ? 'APPROVED' : 'REJECTED';
    await tx.update(tripProofs).set({ status, reviewedBy: operatorId, reviewedAt: deps.now() }).where(eq(tripProofs.id, proof.id));
    await recordOperatorAction(tx, operatorId, approve ? 'approve_trip_proof' : 'reject_trip_proof', 'trip_proof', proof.id, { trip_id: proof.tripId });
    await notify(tx, proof.userId, {
      key: approve ? 'admin:notify.proof_approved' : 'admin:notify.proof_rejected',
      params: { id: proof.tripId },
      notifiableType: 'user',
      notifiableId: proof.userId,
      link: `/dashboard/trip/${proof.tripId}`,
    });
    return { id: proof.id, status };
  });
  afterCommit(deps);
  return out;
}
