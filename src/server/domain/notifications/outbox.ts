import { asc, eq, inArray, isNull } from 'drizzle-orm';
import { APP_TIME_ZONE } from '../../../lib/dates.ts';
import { formatDate, formatDateTime } from '../../../lib/format.ts';
import { withLogContext } from '../../request-context.ts';
import { resolveLocale, translator, type Locale } from '../../../lib/i18n/index.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { notifications, users } from '../../db/schema.ts';
import type { Logger } from '../../logger.ts';
import { userChannel, type Realtime } from '../../realtime/types.ts';
import { categoryOf } from './categories.ts';
import { planDeliveries, sendDueBatch, type DeliveryChannel } from './deliveries.ts';

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

/** The time zone a reader who chose none reads dates in. */
export const DEFAULT_TIME_ZONE = APP_TIME_ZONE;

/**
 * Title and message in `locale`: a keyed row is translated now; a row from before the outbox has
 * its words already. A parameter named `…_at` holds a moment (ISO) and is written as the reader
 * reads time: in their language and `timeZone`; one named `…_on` holds a calendar day (YYYY-MM-DD).
 */
export function notificationText(row: Pick<NotificationRow, 'key' | 'params' | 'title' | 'message'>, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE) {
  if (!row.key) return { title: row.title ?? '', message: row.message ?? '' };
  const t = translator(locale);
  const params: Record<string, unknown> = { ...row.params };
  for (const [name, value] of Object.entries(params)) {
    if (name.endsWith('_at') && typeof value === 'string') params[name] = formatDateTime(value, locale, timeZone);
    else if (name.endsWith('_on') && typeof value === 'string') params[name] = formatDate(value, locale);
  }
  return { title: t(`${row.key}.title`, params), message: t(`${row.key}.message`, params) };
}

/** A notification as the real-time push (and a reader) sees it, in the reader's language and time zone. */
export function notificationView(row: NotificationRow, locale: Locale, timeZone: string = DEFAULT_TIME_ZONE) {
  return {
    id: row.id,
    ...notificationText(row, locale, timeZone),
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
  // `channels`: where else each notification goes (e-mail, web push, WhatsApp; deliveries.ts).
  deps: { db: Db; realtime: Realtime; logger: Logger; channels?: readonly DeliveryChannel[]; now?: () => Date },
  opts: { intervalMs?: number; batchSize?: number } = {},
): OutboxDispatcher {
  const intervalMs = opts.intervalMs ?? 1000;
  const batchSize = opts.batchSize ?? 100;
  const channels = deps.channels ?? [];
  const now = deps.now ?? (() => new Date());
  /** Off-site sends per claim: small, so a slow mail server holds few rows at a time. */
  const sendBatch = 20;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  /** One claimed batch pushed and marked; how many rows it held. */
  function dispatchBatch(): Promise<number> {
    return deps.db.transaction(async (tx) => {
      const rows = await tx
        .select({ row: notifications, locale: users.locale, timeZone: users.timeZone })
        .from(notifications)
        .innerJoin(users, eq(users.id, notifications.userId))
        .where(isNull(notifications.dispatchedAt))
        .orderBy(asc(notifications.id))
        .limit(batchSize)
        .for('update', { of: notifications, skipLocked: true });
      for (const { row, locale, timeZone } of rows) {
        await withLogContext({ outbox_id: row.id }, async () => {
          try {
            await deps.realtime.publish(userChannel(row.userId), 'new-notification', notificationView(row, resolveLocale(locale), timeZone));
            deps.logger.debug('notification pushed');
          } catch (err) {
            // The notification stays readable; a push that failed is not tried again.
            deps.logger.warn('real-time push of a notification failed', err);
          }
        });
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
        // The off-site deliveries are written with the mark: once, and only for committed rows.
        const plans = rows.map(({ row }) => ({ userId: row.userId, notificationId: row.id, category: categoryOf(row.key), dedupeBase: `n:${row.id}` }));
        await planDeliveries(tx, channels, plans, now(), deps.logger);
      }
      if (rows.length) deps.logger.log('info', 'outbox dispatched', { rows: rows.length, first_id: rows[0].row.id, last_id: rows.at(-1)!.row.id });
      return rows.length;
    });
  }

  /** Repeats `pass` until it has nothing more, one run at a time; a call during a run asks for one more pass. */
  function loop(pass: () => Promise<boolean>, what: string) {
    let current: Promise<void> | undefined;
    let again = false;
    const go = (): Promise<void> => {
      if (current) {
        // Rows written after this run looked must not wait for the next poll.
        again = true;
        return current;
      }
      current = (async () => {
        try {
          do {
            again = false;
            while (!stopped && (await pass()));
          } while (again && !stopped);
        } catch (err) {
          deps.logger.error(what, err);
        } finally {
          current = undefined;
        }
      })();
      return current;
    };
    return {
      go,
      async idle() {
        while (current) await current;
      },
    };
  }

  const dispatching = loop(async () => (await dispatchBatch()) === batchSize, 'notification outbox failed');
  // Off-site sends run beside the real-time push: a slow or unreachable mail server delays no bell.
  const sending = loop(async () => channels.length > 0 && (await sendDueBatch({ db: deps.db, logger: deps.logger, now }, channels, sendBatch)) === sendBatch, 'notification delivery failed');

  async function run(): Promise<void> {
    await dispatching.go();
    if (channels.length && !stopped) void sending.go();
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
      await dispatching.idle();
      await sending.idle();
      if (stopped) return;
      await dispatching.go();
      await sending.go();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await dispatching.idle();
      await sending.idle();
    },
  };
}
