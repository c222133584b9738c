import type { Tx } from '../../db/client.ts';
import { account, postJournal } from './ledger.ts';

/**
 * The escrow postings of an order. The buyer's payment is held per order; it leaves escrow once,
 * either to the traveller (less the fees, which the platform keeps) or back to the buyer's
 * balance: both share the key `escrow-out:{id}`, so an order can never pay out twice.
 */
interface EscrowOrder {
  id: number;
  requesterId: number;
  travelerId: number;
  totalPrice: number;
  serviceFee: number;
  platformFee: number;
  travelerTotal: number;
}

/** A verified payment: the provider's money goes into this order's escrow. */
export const holdPayment = (tx: Tx, order: EscrowOrder, provider: string, paymentId: number) =>
  postJournal(tx, {
    key: `payment:${paymentId}`,
    kind: 'payment',
    transactionId: order.id,
    entries: [
      { account: account.provider(provider), amount: -order.totalPrice },
      { account: account.escrow(order.id), amount: order.totalPrice },
    ],
  });

/** A payment that arrived after its order was closed: the buyer keeps it as balance (saldo). */
export const creditLatePayment = (tx: Tx, order: Pick<EscrowOrder, 'id' | 'requesterId'>, provider: string, paymentId: number, amount: number) =>
  postJournal(tx, {
    key: `payment:${paymentId}`,
    kind: 'late_payment',
    transactionId: order.id,
    entries: [
      { account: account.provider(provider), amount: -amount },
      { account: account.user(order.requesterId), amount },
    ],
  });

/** The order completed: the traveller earns their total, the platform keeps both fees. */
export const releaseEscrow = (tx: Tx, order: EscrowOrder) =>
  postJournal(tx, {
    key: `escrow-out:${order.id}`,
    kind: 'release',
    transactionId: order.id,
    entries: [
      { account: account.escrow(order.id), amount: -order.totalPrice },
      { account: account.user(order.travelerId), amount: order.travelerTotal },
      { account: account.platformFees, amount: order.serviceFee + order.platformFee },
    ],
  });

/** Cancelled or refunded after payment: everything the buyer paid returns to their balance. */
export const refundEscrow = (tx: Tx, order: EscrowOrder) =>
  postJournal(tx, {
    key: `escrow-out:${order.id}`,
    kind: 'refund',
    transactionId: order.id,
    entries: [
      { account: account.escrow(order.id), amount: -order.totalPrice },
      { account: account.user(order.requesterId), amount: order.totalPrice },
    ],
  });
