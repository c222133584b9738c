import { Hono } from 'hono';
import { z } from 'zod';
import { withdrawSchema } from '../../lib/schemas/payouts.ts';
import { balanceView, handlePayoutCallback, withdraw } from '../domain/payouts/payouts.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

/** Balance (saldo) and withdrawals: sums of the ledger, payouts through the configured provider. */
export const payoutRoutes = new Hono<ApiEnv>()
  .get(
    '/balances',
    route({ user: true }, async (c, { user }) => ok(c, await balanceView(c.get('services').deps.db, user.id))),
  )
  .post(
    '/balances/withdraw',
    route({ guestPages: 'unchanged', user: true, body: withdrawSchema }, async (c, { user, body }) =>
      ok(c, await withdraw(c.get('services').deps, user.id, body), 'withdraw:done', undefined, 201),
    ),
  )
  .post(
    '/payouts/webhooks/:provider',
    route({ guestPages: 'unchanged', params: { provider: z.enum(['sandbox', 'iris'], { error: 'errors:route_not_found' }) } }, async (c, { params }) => {
      const outcome = await handlePayoutCallback(c.get('services').deps, params.provider, await c.req.text(), c.req.raw.headers);
      return c.json({ data: { outcome } });
    }),
  );
