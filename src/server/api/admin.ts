import { Hono, type MiddlewareHandler } from 'hono';
import { adminPageQuery, grantOperatorSchema } from '../../lib/schemas/admin.ts';
import { listOperatorActions } from '../domain/operators/audit.ts';
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
  );

export const adminRoutes = new Hono<ApiEnv>()
  .use('/admin/*', requireOperator())
  .use('/admin', requireOperator())
  .route('/', consoleCore)
  .route('/', adminPayoutRoutes);
