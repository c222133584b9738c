import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { resolveLocale, translator, type Locale } from '../../../lib/i18n/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { userChannel, type Realtime } from '../../realtime/types.ts';

export type NotifiableType = 'transaction' | 'product' | 'request' | 'user';

export interface NewNotification {
  /**
   * An i18n key naming an entry with a `title` and a `message` (e.g. 'catalogue:discussion.notify'
   * → `….title`, `….message`), translated for the recipient when pushed or read.
   */
  key: string;
  params?: Record<string, unknown>;
  notifiableType: NotifiableType;
  notifiableId: number;
  link?: string;
  /** For an order: which side of it the recipient is on. */
  transactionType?: 'pembelian' | 'penjualan';
}

/**
 * Writes a notification in the caller's transaction, not yet pushed: if the transaction rolls
 * back, nobody hears of it. The caller kicks the outbox (`deps.outbox.kick()`) after commit.
 */
export async function notify(tx: DbOrTx, userId: number, n: NewNotification): Promise<void> {
  await tx.insert(notifications).values({
    userId,
    key: n.key,
    params: n.params ?? {},
    notifiableType: n.notifiableType,
    notifiableId: n.notifiableId,
    transactionType: n.transactionType ?? null,
    link: n.link ?? null,
  });
}

type NotificationRow = typeof notifications.$inferSelect;

/** Title and message in `locale`: a keyed row is translated now; a row from before the outbox has its words already. */
export function notificationText(row: Pick<NotificationRow, 'key' | 'params' | 'title' | 'message'>, locale: Locale) {
  if (!row.key) return { title: row.title ?? '', message: row.message ?? '' };
  const t = translator(locale);
  const params = row.params ?? {};
  return { title: t(`${row.key}.title`, params), message: t(`${row.key}.message`, params) };
}

/** A notification as the real-time push (and a reader) sees it, in the reader's language. */
export function notificationView(row: NotificationRow, locale: Locale) {
  return {
    id: row.id,
    ...notificationText(row, locale),
    notificationable_type: row.notifiableType,
    notificationable_id: row.notifiableId,
    transaction_type: row.transactionType,
    link: row.link,
    read_at: row.readAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export interface Outbox {
  /** Dispatch now rather than at the next poll (call it after the transaction that notified commits). */
  kick(): void;
}

export interface OutboxDispatcher extends Outbox {
  /** Polls every `intervalMs` as a safety net (a kick lost to a crash, another instance's rows). */
  start(): void;
  /** Dispatches until nothing is waiting; resolves when done (also: the run a kick started). */
  flush(): Promise<void>;
  /** Stops polling and waits for the run in progress. */
  stop(): Promise<void>;
}

/**
 * Pushes written notifications to the real-time server, only once their transaction committed
 * (rows of an open transaction are invisible here), in the recipient's language, and marks them
 * dispatched. Rows are claimed with FOR UPDATE SKIP LOCKED, so several instances share the work
 * and never push a row twice; the push and the mark commit together (a crash between them can
 * repeat a push, never lose one).
 */
export function createOutboxDispatcher(
  // What it needs of Deps, named here: Deps holds the outbox, so this module does not import it.
  deps: { db: Db; realtime: Realtime; logger: Logger },
  opts: { intervalMs?: number; batchSize?: number } = {},
): OutboxDispatcher {
  const intervalMs = opts.intervalMs ?? 1000;
  const batchSize = opts.batchSize ?? 100;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;

  /** One claimed batch pushed and marked; how many rows it held. */
  function dispatchBatch(): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ row: notifications, locale: users.locale })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(isNull(notifications.dispatchedAt))
        .orderBy(asc(notifications.id))
        .limit(batchSize)
        .for('update', { of: notifications, skipLocked: true });
      for (const { row, locale } of rows) {
        try {
          await deps.realtime.publish(userChannel(row.userId), 'new-notification', notificationView(row, resolveLocale(locale)));
        } catch (err) {
          // The notification stays readable; a push that failed is not tried again.
          deps.logger.warn('real-time push of a notification failed', err);
        }
      }
      if (rows.length) {
        await tx
          .update(notifications)
          .set({ dispatchedAt: new Date() })
          .where(
            inArray(
              notifications.id,
              rows.map((r) => r.row.id),
            ),
          );
      }
      return rows.length;
    });
  }

  function run(): Promise<void> {
    if (running) {
      // Rows written after this run looked must not wait for the next poll.
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          while (!stopped && (await dispatchBatch()) === batchSize);
        } while (again && !stopped);
      } catch (err) {
        deps.logger.error('notification outbox failed', err);
      } finally {
        running = undefined;
      }
    })();
    return running;
  }

  return {
    kick() {
      if (!stopped) void run();
    },
    start() {
      if (stopped || timer) return;
      timer = setInterval(() => void run(), intervalMs);
      timer.unref();
    },
    async flush() {
      while (running) await running;
      if (!stopped) await run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      while (running) await running;
    },
  };
}
