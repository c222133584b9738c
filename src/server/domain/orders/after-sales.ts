import type { DbOrTx } from '../../db/client.ts';
import { helpTickets } from '../../db/operator-schema.ts';
import { imageRef } from '../../../lib/images.ts';
import { translator, type Locale } from '../../../lib/i18n/index.ts';
import { HELP_TOPICS, helpGroupOf, OTHER } from '../../../lib/orders/after-sales.ts';
import type { AfterSalesView } from '../../../lib/views/orders.ts';
import { todayIso } from '../../../lib/dates.ts';
import { orderInvalid } from './errors.ts';
import type { OrderRow } from './types.ts';

type Step = { by?: string; at?: string; reason?: string | null; note?: string | null; resi?: string | null; courier_name?: string | null; image_ids?: string[] };

/** A reason key of one of the after-sales lists in words, or the free text sent instead ('Lainnya'). */
function reasonText(list: string, reason: string | null | undefined, note: string | null | undefined, locale: Locale) {
  if (!reason) return null;
  const t = translator(locale);
  const key = `orders-after:${list}.reason.${reason}`;
  const label = t(key, { defaultValue: '' });
  if (!label) return reason; // an appeal's own words
  return reason === OTHER && note ? note : label;
}

/**
 * What the after-sales steps recorded, for the order pages: the complaint and its photos, the
 * return shipment, the traveller's answer, the appeal and its return, and the decision.
 */
export function afterSalesView(order: OrderRow, locale: Locale): AfterSalesView | null {
  const a = (order.afterSales ?? {}) as Record<string, Step | undefined>;
  if (!a.complain) return null;
  const shipment = (s: Step | undefined) => (s ? { resi: s.resi ?? '', courier_name: s.courier_name ?? '', at: s.at ?? null } : null);
  const answer = a.accept_refund ?? a.reject_refund ?? a.complaint_timeout;
  const decision = a.decide_refund ?? a.decide_release;
  return {
    complaint: {
      reason: a.complain.reason ?? OTHER,
      reason_text: reasonText('complaint', a.complain.reason, a.complain.note, locale) ?? '',
      note: a.complain.note ?? null,
      images: (a.complain.image_ids ?? []).map(imageRef),
      at: a.complain.at ?? null,
    },
    return_shipment: shipment(a.ship_return),
    response: answer
      ? {
          outcome: a.reject_refund ? 'rejected' : a.accept_refund ? 'accepted' : 'timed_out',
          reason: a.reject_refund?.reason ?? null,
          reason_text: a.reject_refund ? reasonText('reject', a.reject_refund.reason, a.reject_refund.note, locale) : null,
          at: answer.at ?? null,
        }
      : null,
    appeal: a.appeal ? { reason: a.appeal.reason ?? '', reason_text: reasonText('appeal', a.appeal.reason, null, locale) ?? '', at: a.appeal.at ?? null } : null,
    appeal_return_shipment: shipment(a.ship_appeal_return),
    return_problem: a.report_return_problem
      ? { reason: a.report_return_problem.reason ?? OTHER, reason_text: reasonText('problem', a.report_return_problem.reason, a.report_return_problem.note, locale) ?? '', at: a.report_return_problem.at ?? null }
      : null,
    decision: decision ? { outcome: a.decide_refund ? 'refund' : 'release', at: decision.at ?? null } : null,
  };
}

/** The help topics an order's page offers (by its status_detail; SPEC §4). */
export function helpTopicsOf(order: Pick<OrderRow, 'status'>, deliveryDate: string, now: Date): readonly string[] {
  return HELP_TOPICS[helpGroupOf(order.status, order.status === 'purchased' && deliveryDate < todayIso(now))];
}

/**
 * A party asks for help about an order: a topic its page offered ('Lainnya' with the text),
 * stored as a ticket for the operators' Help tickets tab. The caller has read the order as its
 * party (so `topics` are the ones its page showed).
 */
export async function createHelpTicket(db: DbOrTx, userId: number, order: { id: number; status: string; help_topics: readonly string[] }, input: { topic: string; message?: string }) {
  if (!order.help_topics.includes(input.topic)) throw orderInvalid({ topic: 'orders-after:help.choose_topic' });
  const [ticket] = await db
    .insert(helpTickets)
    .values({ userId, transactionId: order.id, orderStatus: order.status, topic: input.topic, message: input.message || null })
    .returning({ id: helpTickets.id, createdAt: helpTickets.createdAt });
  return { id: ticket.id, topic: input.topic, created_at: ticket.createdAt.toISOString() };
}
