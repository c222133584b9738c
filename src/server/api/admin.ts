import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import { adminPageQuery, grantOperatorSchema } from '../../lib/schemas/admin.ts';
import { appealDecisionSchema } from '../../lib/schemas/after-sales.ts';
import { idText } from '../../lib/schemas/ids.ts';
import { closeHelpTicket, decideAppeal, listAppeals, listHelpTickets, listReports, listTripProofs, resolveReport, reviewTripProof } from '../domain/operators/console.ts';
import { listOperatorActions } from '../domain/operators/audit.ts';
import { deliveryProblems } from '../domain/notifications/delivery-problems.ts';
import { adminPayoutRoutes } from './admin-payouts.ts';
import { grantOperator, isOperator, listOperators } from '../domain/operators/roles.ts';
import { notFound } from '../errors.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

/**
 * The guard of every /v1/admin route: only an operator gets past it. Anyone else — a guest
 * included — is answered 404, as if the console did not exist (nothing to learn by probing).
 */
export const requireOperator = (): MiddlewareHandler<ApiEnv> => async (c, next) => {
  const user = c.get('user');
  if (!user || !(await isOperator(c.get('services').deps.db, user.id))) throw notFound('errors:route_not_found');
  await next();
};

/**
 * The operator console's API (docs/operator-console.md). Each tab of /admin has a section here:
 * a Hono router of `/admin/...` routes mounted below; the guard above covers all of them.
 * Every action calls `recordOperatorAction(tx, …)` inside its own transaction.
 */
const consoleCore = new Hono<ApiEnv>()
  .get(
    '/admin/me',
    route({ user: true }, async (c, { user }) => ok(c, { id: user.id, name: user.name, email: user.email, operator: true })),
  )
  .get(
    '/admin/operators',
    route({ user: true }, async (c) => ok(c, await listOperators(c.get('services').deps.db))),
  )
  .post(
    '/admin/operators',
    route({ user: true, body: grantOperatorSchema }, async (c, { user, body }) =>
      ok(c, await grantOperator(c.get('services').deps.db, user.id, body.email), 'admin:operators.granted', undefined, 201),
    ),
  )
  .get(
    '/admin/actions',
    route({ user: true, query: adminPageQuery }, async (c, { query }) => ok(c, await listOperatorActions(c.get('services').deps.db, query))),
  )
  // Off-site notifications that failed or are being retried, over the last day (per channel).
  .get(
    '/admin/deliveries',
    route({ user: true }, async (c) => {
      const { deps } = c.get('services');
      return ok(c, await deliveryProblems(deps.db, deps.now()));
    }),
  );

/** Appeals to decide: refund the buyer or release to the traveller (through the order machine). */
const appealsSection = new Hono<ApiEnv>()
  .get('/admin/appeals', route({ user: true }, async (c) => ok(c, await listAppeals(c.get('services').deps.db, c.get('lang')))))
  .post(
    '/admin/appeals/:id/decide',
    route({ user: true, params: { id: idText('orders:error.not_found') }, body: appealDecisionSchema }, async (c, { user, params, body }) =>
      ok(c, await decideAppeal(c.get('services').deps, user.id, params.id, body.decision, body.note), `admin:appeals.decided_${body.decision}`),
    ),
  );

/** Reports on products and requests: hide the post or dismiss the report. */
const reportsSection = new Hono<ApiEnv>()
  .get('/admin/reports', route({ user: true }, async (c) => ok(c, await listReports(c.get('services').deps.db))))
  .post(
    '/admin/reports/:id/:action',
    route({ user: true, params: { id: idText('admin:reports.not_found'), action: z.enum(['hide', 'dismiss'], { error: 'errors:route_not_found' }) } }, async (c, { user, params }) =>
      ok(c, await resolveReport(c.get('services').deps.db, user.id, params.id, params.action), `admin:reports.done_${params.action}`),
    ),
  );

/** Help tickets from the order pages. */
const ticketsSection = new Hono<ApiEnv>()
  .get(
    '/admin/help-tickets',
    route({ user: true, query: z.object({ status: z.enum(['OPEN', 'CLOSED'], { error: 'errors:field.invalid' }).default('OPEN') }) }, async (c, { query }) =>
      ok(c, await listHelpTickets(c.get('services').deps.db, query.status)),
    ),
  )
  .post(
    '/admin/help-tickets/:id/close',
    route({ user: true, params: { id: idText('admin:tickets.not_found') } }, async (c, { user, params }) =>
      ok(c, await closeHelpTicket(c.get('services').deps, user.id, params.id), 'admin:tickets.closed'),
    ),
  );

/** Proof-of-travel checks: an approved proof gives the trip its "confirmed trip" badge. */
const proofsSection = new Hono<ApiEnv>()
  .get('/admin/trip-proofs', route({ user: true }, async (c) => ok(c, await listTripProofs(c.get('services').deps.db))))
  .post(
    '/admin/trip-proofs/:id/:action',
    route({ user: true, params: { id: idText('admin:proofs.not_found'), action: z.enum(['approve', 'reject'], { error: 'errors:route_not_found' }) } }, async (c, { user, params }) =>
      ok(c, await reviewTripProof(c.get('services').deps, user.id, params.id, params.action === 'approve'), `admin:proofs.done_${params.action}`),
    ),
  );

export const adminRoutes = new Hono<ApiEnv>()
  .use('/admin/*', requireOperator())
  .use('/admin', requireOperator())
  .route('/', consoleCore)
  .route('/', appealsSection)
  .route('/', reportsSection)
  .route('/', ticketsSection)
  .route('/', proofsSection)
  .route('/', adminPayoutRoutes);
