import type { OrderState } from '../../../lib/orders/vocabulary.ts';
import { AppError } from '../../errors.ts';
import type { JobHandler } from '../jobs/jobs.ts';
import type { OrderDeps } from './deps.ts';
import { fireIn, lockOrder } from './engine.ts';
import { DEADLINES } from './machine.ts';

/**
 * The 'order-deadline' job: when it runs, the order's current state's deadline event fires as
 * the system (an offer expires, an unpaid order is cancelled and its stock returns, a delivered
 * order completes). An order that moved on meanwhile has nothing to do: the job ends quietly.
 */
export function orderDeadlineJob(deps: OrderDeps): JobHandler {
  return async (tx, job) => {
    const id = Number(job.key.slice('order:'.length));
    const order = await lockOrder(tx, id);
    if (!order) return;
    const d = DEADLINES[order.status as OrderState];
    if (!d || !order.deadlineAt || order.deadlineAt.getTime() > deps.now().getTime()) return;
    try {
      // A savepoint of its own: a refused event leaves nothing half-written.
      await tx.transaction((sp) => fireIn(sp, deps, id, d.event, { role: 'system' }));
    } catch (err) {
      // Refused by the machine (the state moved on in a race): nothing to do.
      if (err instanceof AppError && err.status < 500) return;
      throw err;
    }
  };
}
