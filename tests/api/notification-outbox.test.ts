import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { notifications, users } from '../../src/server/db/schema.ts';
import { createOutboxDispatcher, notificationText, notify, type OutboxDispatcher } from '../../src/server/domain/notifications/outbox.ts';
import { createLogger } from '../../src/server/logger.ts';
import { uniq } from '../support/api.ts';
import { openScratchDatabase } from '../support/database.ts';

/**
 * The notification outbox on the suite's engine, in a database of its own (the running server's
 * dispatcher would otherwise take the rows). What reaches the real-time server is recorded.
 */
let database: Database & { url?: string };

beforeAll(async () => {
  database = await openScratchDatabase();
});
afterAll(async () => {
  await database.close();
});

interface Push {
  channel: string;
  event: string;
  data: { id: number; title: string; message: string; link: string | null; notificationable_type: string };
}

function recorder(db = database.db, opts: { batchSize?: number } = {}) {
  const pushes: Push[] = [];
  const dispatcher = createOutboxDispatcher(
    {
      db,
      logger: createLogger('silent'),
      realtime: {
        publish: async (channel, event, data) => {
          // A real push takes a moment: other dispatchers get the chance to collide.
          await new Promise((resolve) => setTimeout(resolve, 1));
          pushes.push({ channel, event, data: data as Push['data'] });
        },
      },
    },
    opts,
  );
  return { pushes, dispatcher };
}

async function newRecipient(locale: 'en' | 'id') {
  const id = uniq();
  const [row] = await database.db.insert(users).values({ name: 'R', username: `outbox_${id}`, email: `outbox-${id}@example.test`, locale }).returning();
  return row;
}

const question = (n = 1) => ({
  key: 'catalogue:discussion.notify',
  params: { username: 'asker', name: 'Tokyo Banana', text: `Is it fresh? (${n})` },
  notifiableType: 'product' as const,
  notifiableId: 7,
  link: '/products/marketplace/tokyo-banana#discussion',
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the notification outbox', () => {
  it('pushes only after the transaction commits, in the recipient’s language, once', async () => {
    const recipient = await newRecipient('id');
    const { pushes, dispatcher } = recorder();
    await database.db.transaction(async (tx) => {
      await notify(tx, recipient.id, question());
      dispatcher.kick();
      // The dispatcher cannot see the row yet (PostgreSQL) or waits for the transaction (PGlite).
      await sleep(150);
      expect(pushes).toEqual([]);
    });
    await dispatcher.flush();
    expect(pushes).toEqual([
      {
        channel: `private-user.${recipient.id}`,
        event: 'new-notification',
        data: expect.objectContaining({
          title: 'Pertanyaan baru dari @asker',
          message: 'Tokyo Banana: Is it fresh? (1)',
          notificationable_type: 'product',
          link: '/products/marketplace/tokyo-banana#discussion',
        }),
      },
    ]);
    const [row] = await database.db.select().from(notifications).where(eq(notifications.userId, recipient.id));
    expect(row.dispatchedAt).not.toBeNull();
    // A reader in another language reads it in theirs.
    expect(notificationText(row, 'en').title).toBe('New question from @asker');

    await dispatcher.flush();
    expect(pushes).toHaveLength(1);
    await dispatcher.stop();
  });

  it('pushes nothing for a transaction that rolled back', async () => {
    const recipient = await newRecipient('en');
    const { pushes, dispatcher } = recorder();
    await expect(
      database.db.transaction(async (tx) => {
        await notify(tx, recipient.id, question());
        throw new Error('the action failed after notifying');
      }),
    ).rejects.toThrow('the action failed');
    await dispatcher.flush();
    expect(pushes.filter((p) => p.channel === `private-user.${recipient.id}`)).toEqual([]);
    expect(await database.db.select().from(notifications).where(eq(notifications.userId, recipient.id))).toEqual([]);
    await dispatcher.stop();
  });

  it('several instances share the rows and never push one twice', async () => {
    // On PostgreSQL each instance has its own connection pool, as separate processes would.
    const second = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' }) : undefined;
    const instances = [recorder(database.db, { batchSize: 5 }), recorder(second?.db ?? database.db, { batchSize: 5 }), recorder(database.db, { batchSize: 5 })];
    try {
      const recipients = await Promise.all([newRecipient('en'), newRecipient('id'), newRecipient('en')]);
      for (let n = 0; n < 60; n++) await notify(database.db, recipients[n % 3].id, question(n));
      await Promise.all(instances.map((i) => i.dispatcher.flush()));
      const ids = instances.flatMap((i) => i.pushes.map((p) => p.data.id));
      expect(ids).toHaveLength(60);
      expect(new Set(ids).size).toBe(60);
      if (database.kind === 'postgres') expect(instances.filter((i) => i.pushes.length > 0).length).toBeGreaterThan(1);
      const rows = await database.db
        .select()
        .from(notifications)
        .where(inArray(notifications.userId, recipients.map((r) => r.id)));
      expect(rows.every((r) => r.dispatchedAt)).toBe(true);
    } finally {
      await Promise.all(instances.map((i) => i.dispatcher.stop()));
      await second?.close();
    }
  });

  it('keeps reading rows written before the outbox, as they were stored', () => {
    expect(notificationText({ key: null, params: null, title: 'Pertanyaan baru dari @old', message: 'Matcha: ada?' }, 'en')).toEqual({
      title: 'Pertanyaan baru dari @old',
      message: 'Matcha: ada?',
    });
  });

  it('stops polling on stop and lets the run in progress finish', async () => {
    const recipient = await newRecipient('en');
    const { pushes, dispatcher } = recorder(database.db);
    dispatcher.start();
    await notify(database.db, recipient.id, question());
    // The poll (every second) finds it without a kick.
    for (let i = 0; i < 40 && !pushes.some((p) => p.channel === `private-user.${recipient.id}`); i++) await sleep(100);
    expect(pushes.filter((p) => p.channel === `private-user.${recipient.id}`)).toHaveLength(1);
    await dispatcher.stop();
    await notify(database.db, recipient.id, question(2));
    dispatcher.kick();
    await sleep(1200);
    expect(pushes.filter((p) => p.channel === `private-user.${recipient.id}`)).toHaveLength(1);
  });
});
