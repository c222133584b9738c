import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { idText } from '../../lib/schemas/ids.ts';
import type { OrderEvent } from '../../lib/orders/vocabulary.ts';
import {
  appealSchema,
  complaintRequestSchema,
  helpTicketSchema,
  rejectRefundSchema,
  returnProblemSchema,
  returnShipmentSchema,
  tripProofSchema,
} from '../../lib/schemas/after-sales.ts';
import { submitTripProof, tripProofStatus } from '../domain/trips/proofs.ts';
import type { UserRow } from '../domain/accounts/index.ts';
import { transactions } from '../db/orders-schema.ts';
import { createHelpTicket } from '../domain/orders/after-sales.ts';
import type { EffectInput } from '../domain/orders/effects.ts';
import { fire } from '../domain/orders/engine.ts';
import { orderNotFound } from '../domain/orders/errors.ts';
import { partyOf } from '../domain/orders/types.ts';
import { getTransaction } from '../domain/orders/views.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

type Ctx = Context<ApiEnv>;
/** In `refund/{id}/…` and `appeal/{id}/…` the id is the order's (transaction's) id. */
const orderId = { id: idText('orders:error.not_found') };

/** Fires an after-sales event as the calling party (the role comes from the order) and answers with the order. */
async function fireAsParty(c: Ctx, user: UserRow, id: number, event: OrderEvent, input: EffectInput = {}) {
  const { deps } = c.get('services');
  const [order] = await deps.db.select({ requesterId: transactions.requesterId, travelerId: transactions.travelerId }).from(transactions).where(eq(transactions.id, id));
  const role = order && partyOf(order, user.id);
  if (!role) throw orderNotFound();
  await fire(deps, id, event, { role, userId: user.id }, input);
  return ok(c, await getTransaction(deps.db, id, user.id, deps.now(), c.get('lang')), `orders-after:done.${event}`);
}

const step = <S extends z.ZodType>(event: OrderEvent, body?: S, toInput?: (b: z.output<S>) => EffectInput) =>
  route({ user: true, params: orderId, ...(body ? { body } : {}) }, async (c, { user, params, body: b }) =>
    fireAsParty(c, user, params.id, event, toInput ? toInput(b as z.output<S>) : {}),
  );

const shipment = (b: z.output<typeof returnShipmentSchema>): EffectInput => ({ resi: b.resi, courierName: b.courier_name });

/**
 * Complaints, refunds and appeals (SPEC §7 "Transactions"; docs/order-lifecycle.md
 * "After-sales"). Each step is an event of the one order machine and answers with the order as
 * GET /v1/transactions/{id} shows it.
 */
export const afterSalesRoutes = new Hono<ApiEnv>()
  // The requester's complaint opens the refund.
  .post('/transactions/:id/refund', step('complain', complaintRequestSchema, (b) => ({ reason: b.reason, note: b.note, data: { image_ids: b.image_ids } })))
  .post('/transactions/refund/:id/ship', step('ship_return', returnShipmentSchema, shipment))
  .post('/transactions/refund/:id/accept', step('accept_refund'))
  .post('/transactions/refund/:id/reject', step('reject_refund', rejectRefundSchema, (b) => ({ reason: b.rejected_reason, note: b.note })))
  .post('/transactions/refund/:id/cancel', step('cancel_refund'))
  .post('/transactions/refund/:id/approve-rejection', step('approve_rejection'))
  .post('/transactions/refund/:id/done', step('finish_refund'))
  // Appeal (banding): a listed reason, or the requester's own words for 'Lainnya'.
  .post('/transactions/:id/appeal', step('appeal', appealSchema, (b) => ({ reason: b.reason })))
  .post('/transactions/appeal/:id/ship', step('ship_appeal_return', returnShipmentSchema, shipment))
  .post('/transactions/appeal/:id/return-problem', step('report_return_problem', returnProblemSchema, (b) => ({ reason: b.return_problem, note: b.note })))
  .post('/transactions/appeal/:id/done', step('finish_appeal'))
  // Help about an order: a ticket for the operators.
  .post(
    '/transactions/:id/help',
    route({ user: true, params: orderId, body: helpTicketSchema }, async (c, { user, params, body }) => {
      const { deps } = c.get('services');
      const order = await getTransaction(deps.db, params.id, user.id, deps.now(), c.get('lang'));
      return ok(c, await createHelpTicket(deps.db, user.id, order, body), 'orders-after:help.submitted', undefined, 201);
    }),
  )
  // Proof of travel: the traveller's boarding pass or ticket for a trip, checked by an operator.
  .get(
    '/users/trips/:id/proof',
    route({ user: true, params: { id: idText('places:trip.not_found') } }, async (c, { user, params }) =>
      ok(c, await tripProofStatus(c.get('services').deps.db, user.id, params.id)),
    ),
  )
  .post(
    '/users/trips/:id/proof',
    route({ user: true, params: { id: idText('places:trip.not_found') }, body: tripProofSchema }, async (c, { user, params, body }) =>
      ok(c, await submitTripProof(c.get('services').deps.db, user.id, params.id, body.image_id), 'orders-after:proof.submitted', undefined, 201),
    ),
  );
