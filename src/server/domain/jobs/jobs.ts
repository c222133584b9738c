import { and, asc, eq, inArray, isNull, lte } from 'drizzle-orm';
import { withLogContext } from '../../request-context.ts';
import { jobs } from '../../db/orders-schema.ts';
import type { DbOrTx, Tx } from '../../db/client.ts';
import type { Deps } from '../deps.ts';

/**
 * Scheduled work (order deadlines). A job is a row with a unique key; scheduling the same key
 * again moves it. The runner claims due rows with `FOR UPDATE SKIP LOCKED` and runs each in the
 * transaction that marks it done, so a job's effect and its completion commit together: it never
 * runs twice, survives restarts (rows outlive the process) and several instances share the queue.
 *
 * pg-boss was tried first: on PGlite it needs a custom adapter that returns every statement's
 * rows, and it completes jobs outside the transaction of their effect, so an effect could commit
 * and then run again. This runner is 80 lines on the tables the app already has.
 */
export type JobHandler = (tx: Tx, job: { key: string; payload: Record<string, unknown>; runAt: Date }) => Promise<void>;

export async function scheduleJob(tx: DbOrTx, input: { kind: string; key: string; runAt: Date; payload?: Record<string, unknown> }) {
  await tx
    .insert(jobs)
    .values({ kind: input.kind, key: input.key, runAt: input.runAt, payload: input.payload ?? {} })
    .onConflictDoUpdate({
      target: jobs.key,
      set: { kind: input.kind, runAt: input.runAt, payload: input.payload ?? {}, attempts: 0, lastError: null, doneAt: null },
    });
}

/** Drops a scheduled job (its reason is gone); a no-op when there is none. */
export async function cancelJob(tx: DbOrTx, key: string, now: Date) {
  await tx.update(jobs).set({ doneAt: now }).where(and(eq(jobs.key, key), isNull(jobs.doneAt)));
}

export interface JobRunner {
  /** Runs every job due now (optionally only these keys); returns how many ran. */
  runDue(opts?: { keys?: string[]; limit?: number }): Promise<number>;
  start(intervalMs?: number): void;
  stop(): Promise<void>;
}

const BACKOFF_SECONDS = [10, 60, 300, 1800];

export function createJobRunner(deps: Pick<Deps, 'db' | 'logger' | 'now' | 'pages'> & { outbox?: Deps['outbox'] }, handlers: Record<string, JobHandler>): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let stopped = false;

  async function runOne(keys?: string[]): Promise<boolean> {
    const now = deps.now();
    return deps.db.transaction(async (tx) => {
      const [job] = await tx
        .select()
        .from(jobs)
        .where(and(isNull(jobs.doneAt), lte(jobs.runAt, now), keys ? inArray(jobs.key, keys) : undefined))
        .orderBy(asc(jobs.runAt))
        .limit(1)
        .for('update', { skipLocked: true });
      if (!job) return false;
      const handler = handlers[job.kind];
      try {
        if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
        // A savepoint: a failing effect is rolled back alone and the job is retried later.
        await withLogContext({ job: job.key }, () => tx.transaction(async (sp) => handler(sp, { key: job.key, payload: job.payload, runAt: job.runAt })));
        await tx.update(jobs).set({ doneAt: now, attempts: job.attempts + 1 }).where(eq(jobs.id, job.id));
        deps.logger.log('info', 'job done', { job: job.key, kind: job.kind, attempt: job.attempts + 1 });
      } catch (err) {
        const wait = BACKOFF_SECONDS[Math.min(job.attempts, BACKOFF_SECONDS.length - 1)];
        withLogContext({ job: job.key }, () => deps.logger.warn(`job failed (attempt ${job.attempts + 1}); retrying in ${wait}s`, err));
        await tx
          .update(jobs)
          .set({ attempts: job.attempts + 1, lastError: String((err as Error)?.message ?? err).slice(0, 500), runAt: new Date(now.getTime() + wait * 1000) })
          .where(eq(jobs.id, job.id));
      }
      return true;
    });
  }

  async function runDue(opts: { keys?: string[]; limit?: number } = {}): Promise<number> {
    let n = 0;
    try {
      while (n < (opts.limit ?? 100) && (await runOne(opts.keys))) n++;
    } finally {
      // A deadline may have cancelled an order (stock back on sale): guests' pages are stale.
      if (n) void deps.pages?.changed();
      // What the jobs notified (deadlines, reminders, chat digests) goes out now, not at the next poll.
      if (n) deps.outbox?.kick();
    }
    return n;
  }

  return {
    runDue,
    start(intervalMs = 1000) {
      stopped = false;
      const tick = async () => {
        if (!running) {
          running = runDue().catch((err) => {
            deps.logger.error('job runner failed', err);
            return 0;
          });
          await running;
          running = undefined;
        }
        if (stopped) return;
        timer = setTimeout(tick, intervalMs);
        timer.unref();
      };
      timer = setTimeout(tick, intervalMs);
      timer.unref();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}

/** Jobs not done yet (diagnostics and tests). */
export const pendingJobs = (db: DbOrTx) => db.select().from(jobs).where(isNull(jobs.doneAt)).orderBy(asc(jobs.runAt));
