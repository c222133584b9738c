import { Hono } from 'hono';
import { z } from 'zod';
import { idText } from '../../lib/schemas/ids.ts';
import { recordOperatorAction } from '../domain/operators/audit.ts';
import { listPayouts, retryPayout } from '../domain/payouts/payouts.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

const payoutsQuery = z.object({
  status: z.enum(['pending', 'processing', 'completed', 'failed'], { error: 'errors:field.invalid' }).optional(),
  per_page: z.coerce.number({ error: 'errors:field.invalid' }).int().min(1).max(200).optional(),
});

/**
 * The console's Payouts tab (mounted in admin.ts behind requireOperator): every payout with
 * whose it is and where it went; a failed one can be sent again (recorded in the audit log).
 */
export const adminPayoutRoutes = new Hono<ApiEnv>()
  .get(
    '/admin/payouts',
    route({ user: true, query: payoutsQuery }, async (c, { query }) => ok(c, await listPayouts(c.get('services').deps.db, { status: query.status, limit: query.per_page }))),
  )
  .post(
    '/admin/payouts/:id/retry',
    route({ user: true, params: { id: idText('withdraw:error.payout_not_found') } }, async (c, { user, params }) => {
      const { deps } = c.get('services');
      const payout = await retryPayout(deps, params.id, (tx, p) =>
        recordOperatorAction(tx, user.id, 'retry_payout', 'payout', p.id, { attempt: p.attempt, amount: p.amount, user_id: p.userId }),
      );
      return ok(c, payout, 'withdraw:admin.retried');
    }),
  );
