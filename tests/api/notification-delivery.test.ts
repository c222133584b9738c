/**
 * Off-site delivery through the outbox, on the suite's engine in a database of its own: every
 * committed notification becomes one e-mail (never one for a rolled-back transaction, never two
 * with several dispatchers), a refusing mail server is retried with backoff, each channel's
 * outcome is recorded, and a user's switches are obeyed except for money.
 */
import { eq, inArray } from 'drizzle-orm';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { openDatabase, type Database } from '../../src/server/db/client.ts';
import { notificationDeliveries } from '../../src/server/db/delivery-schema.ts';
import { users } from '../../src/server/db/schema.ts';
import { emailChannel } from '../../src/server/domain/notifications/channels.ts';
import { RETRY_BACKOFF_SECONDS, sweepDeliveries } from '../../src/server/domain/notifications/deliveries.ts';
import { createOutboxDispatcher, notify } from '../../src/server/domain/notifications/outbox.ts';
import { updatePreferences } from '../../src/server/domain/notifications/preferences.ts';
import { createMailer, type MailMessage, type Mailer } from '../../src/server/integrations/mail/index.ts';
import { createLogger } from '../../src/server/logger.ts';
import { uniq } from '../support/api.ts';
import { openScratchDatabase } from '../support/database.ts';

let database: Database & { url?: string };
beforeAll(async () => {
  database = await openScratchDatabase();
});
afterAll(async () => {
  await database.close();
});

const settings = { publicUrl: 'https://titipan.example', unsubscribeSecret: 'a-test-secret-of-enough-length' };
const silent = createLogger('silent');

function recordingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(m) {
      // A real send takes a moment: other dispatchers get the chance to collide.
      await new Promise((r) => setTimeout(r, 2));
      sent.push(m);
    },
  };
}

function dispatcher(mailer: Mailer, opts: { db?: Database['db']; now?: () => Date } = {}) {
  const db = opts.db ?? database.db;
  const now = opts.now ?? (() => new Date());
  return createOutboxDispatcher({ db, logger: silent, realtime: { publish: async () => undefined }, channels: [emailChannel({ db, logger: silent, now, mailer, settings })], now }, { batchSize: 5 });
}

async function newUser(locale: 'en' | 'id' = 'en') {
  const id = uniq();
  const [row] = await database.db.insert(users).values({ name: 'R', username: `mail_${id}`, email: `mail-${id}@example.test`, locale }).returning();
  return row;
}

const orderNote = (key = 'orders:notify.deliver', id = 7) => ({ key: key, params: { id }, notifiableType: 'user' as const, notifiableId: id, link: `/dashboard/purchase/${id}` });

const deliveriesOf = (userId: number) => database.db.select().from(notificationDeliveries).where(eq(notificationDeliveries.userId, userId));

describe('e-mail through the outbox', () => {
  it('sends one e-mail per committed notification, in the reader’s language, with HTML and text and the one-click headers', async () => {
    const reader = await newUser('id');
    const mailer = recordingMailer();
    const d = dispatcher(mailer);
    await notify(database.db, reader.id, orderNote('orders:notify.deliver', 41));
    await d.flush();
    const mine = mailer.sent.filter((m) => m.to === reader.email);
    expect(mine).toHaveLength(1);
    expect(mine[0].subject).toBe('Pesanan dikirim');
    expect(mine[0].text).toContain('Pesanan #41 sedang dalam perjalanan.');
    expect(mine[0].html).toContain('href="https://titipan.example/dashboard/purchase/41"');
    expect(mine[0].headers?.['List-Unsubscribe']).toMatch(/^<https:\/\/titipan\.example\/v1\/unsubscribe\/[^>]+>$/);
    expect(mine[0].headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(await deliveriesOf(reader.id)).toEqual([expect.objectContaining({ channel: 'email', status: 'sent', attempts: 1, category: 'orders' })]);
    await d.flush();
    expect(mailer.sent.filter((m) => m.to === reader.email)).toHaveLength(1);
    await d.stop();
  });

  it('sends nothing for a transaction that rolled back', async () => {
    const reader = await newUser();
    const mailer = recordingMailer();
    const d = dispatcher(mailer);
    await expect(
      database.db.transaction(async (tx) => {
        await notify(tx, reader.id, orderNote());
        d.kick();
        await new Promise((r) => setTimeout(r, 100));
        throw new Error('the action failed after notifying');
      }),
    ).rejects.toThrow('the action failed');
    await d.flush();
    expect(mailer.sent.filter((m) => m.to === reader.email)).toEqual([]);
    expect(await deliveriesOf(reader.id)).toEqual([]);
    await d.stop();
  });

  it('three dispatchers send each e-mail once', async () => {
    const second = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' }) : undefined;
    const third = database.url ? await openDatabase({ databaseUrl: database.url, dataDir: 'memory://' }) : undefined;
    const mailers = [recordingMailer(), recordingMailer(), recordingMailer()];
    const ds = [dispatcher(mailers[0]), dispatcher(mailers[1], { db: second?.db }), dispatcher(mailers[2], { db: third?.db })];
    try {
      const readers = await Promise.all([newUser(), newUser('id'), newUser()]);
      for (let n = 0; n < 45; n++) await notify(database.db, readers[n % 3].id, orderNote('orders:notify.deliver', 1000 + n));
      await Promise.all(ds.map((d) => d.flush()));
      const sent = mailers.flatMap((m) => m.sent).filter((m) => readers.some((r) => r.email === m.to));
      expect(sent).toHaveLength(45);
      expect(new Set(sent.map((m) => `${m.to}|${m.text}`)).size).toBe(45);
      if (database.kind === 'postgres') expect(mailers.filter((m) => m.sent.length > 0).length).toBeGreaterThan(1);
      const rows = await database.db.select().from(notificationDeliveries).where(inArray(notificationDeliveries.userId, readers.map((r) => r.id)));
      expect(rows.map((r) => [r.status, r.attempts])).toEqual(Array(45).fill(['sent', 1]));
    } finally {
      await Promise.all(ds.map((d) => d.stop()));
      await second?.close();
      await third?.close();
    }
  });

  it('retries with backoff while the mail server refuses, then sends once; the bell does not wait', async () => {
    let refusals = 2;
    const received: string[] = [];
    const smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(_address, _session, cb) {
        if (refusals > 0) {
          refusals--;
          const err = Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 });
          return cb(err);
        }
        cb();
      },
      onData(stream, _session, cb) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push(Buffer.concat(chunks).toString('utf8'));
          cb();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const mailer = await createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'Titipan <no-reply@titipan.test>', dataDir: '/nonexistent', logger: silent });
    const pushes: number[] = [];
    const reader = await newUser('en');
    const d = createOutboxDispatcher(
      { db: database.db, logger: silent, realtime: { publish: async (_c, _e, data) => void pushes.push((data as { id: number }).id) }, channels: [emailChannel({ db: database.db, logger: silent, now, mailer, settings })], now },
      { batchSize: 5 },
    );
    try {
      await notify(database.db, reader.id, orderNote('orders:notify.confirm_payment', 77));
      await d.flush();
      // The real-time push went out although the mail did not.
      expect(pushes.length).toBeGreaterThan(0);
      let [row] = await deliveriesOf(reader.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('Mailbox busy') });
      expect(row.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan((RETRY_BACKOFF_SECONDS[0] - 5) * 1000);
      // Not before the backoff.
      await d.flush();
      expect((await deliveriesOf(reader.id))[0].attempts).toBe(1);
      offset = (RETRY_BACKOFF_SECONDS[0] + 1) * 1000;
      await d.flush();
      [row] = await deliveriesOf(reader.id);
      expect(row).toMatchObject({ status: 'pending', attempts: 2 });
      offset += (RETRY_BACKOFF_SECONDS[1] + 1) * 1000;
      await d.flush();
      [row] = await deliveriesOf(reader.id);
      expect(row).toMatchObject({ status: 'sent', attempts: 3 });
      expect(received).toHaveLength(1);
      const parsed = await simpleParser(received[0]);
      expect(parsed.subject).toBe('Payment received');
      expect(parsed.text).toContain('Order #77 is paid.');
      expect(parsed.html).toContain('https://titipan.example/dashboard/purchase/77');
      expect(parsed.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(parsed.headerLines.find((h) => h.key === 'list-unsubscribe')?.line.replace(/\r\n\s+/g, ' ')).toMatch(/^List-Unsubscribe: <https:\/\/titipan\.example\/v1\/unsubscribe\/[\w.-]+>$/);
    } finally {
      await d.stop();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('a slow mail server: what is left of a batch goes back unsent rather than past its lease, and each mail still goes once', async () => {
    const reader = await newUser();
    let offset = 0;
    const now = () => new Date(Date.now() + offset);
    const sent: MailMessage[] = [];
    // Each send takes 70 s of the (injected) clock: after one, too little of the 120 s lease is left for the next.
    const slow: Mailer = {
      async send(m) {
        offset += 70_000;
        sent.push(m);
      },
    };
    const other = recordingMailer();
    const d = dispatcher(slow, { now });
    const rival = dispatcher(other, { now });
    for (let n = 0; n < 3; n++) await notify(database.db, reader.id, orderNote('orders:notify.deliver', 300 + n));
    await d.flush();
    expect(sent.filter((m) => m.to === reader.email)).toHaveLength(1);
    let rows = await deliveriesOf(reader.id);
    expect(rows.filter((r) => r.status === 'pending').every((r) => r.lockedUntil === null && r.attempts === 0)).toBe(true);
    // Another dispatcher may take the rest at once: nothing is sent twice.
    await rival.flush();
    await d.flush();
    const all = [...sent, ...other.sent].filter((m) => m.to === reader.email);
    expect(all).toHaveLength(3);
    expect(new Set(all.map((m) => m.text)).size).toBe(3);
    rows = await deliveriesOf(reader.id);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([
      ['sent', 1],
      ['sent', 1],
      ['sent', 1],
    ]);
    await d.stop();
    await rival.stop();
  });

  it('skips what the reader switched off, records it, and still sends money mail', async () => {
    const reader = await newUser();
    await updatePreferences(database.db, reader.id, { email: { orders: false, chat: true, reminders: true, social: false }, push: { orders: true, chat: true, reminders: true, social: true } });
    const mailer = recordingMailer();
    const d = dispatcher(mailer);
    await notify(database.db, reader.id, orderNote('orders:notify.deliver', 5));
    await notify(database.db, reader.id, orderNote('orders:notify.confirm_payment', 5));
    await notify(database.db, reader.id, { key: 'catalogue:follow.notify', params: { username: 'x' }, notifiableType: 'user', notifiableId: 1 });
    await d.flush();
    expect(mailer.sent.filter((m) => m.to === reader.email).map((m) => m.subject)).toEqual(['Payment received']);
    const rows = await deliveriesOf(reader.id);
    expect(rows.map((r) => [r.category, r.status, r.reason]).sort()).toEqual([
      ['money', 'sent', null],
      ['orders', 'skipped', 'preference'],
      ['social', 'skipped', 'preference'],
    ]);
    await d.stop();
  });

  it('drops the delivery of a user deleted meanwhile, and logs it', async () => {
    const reader = await newUser();
    const mailer = recordingMailer();
    const logged: string[] = [];
    const logger = { ...silent, info: (m: string) => void logged.push(m) };
    const d = createOutboxDispatcher({ db: database.db, logger, realtime: { publish: async () => undefined }, channels: [emailChannel({ db: database.db, logger, now: () => new Date(), mailer, settings })] });
    await database.db.transaction(async (tx) => {
      await notify(tx, reader.id, orderNote());
    });
    await database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, reader.id));
    await d.flush();
    expect(mailer.sent.filter((m) => m.to === reader.email)).toEqual([]);
    expect((await deliveriesOf(reader.id))[0]).toMatchObject({ status: 'dropped', reason: 'user_deleted' });
    expect(logged.some((l) => l.includes('dropped: user_deleted'))).toBe(true);
    await d.stop();
  });

  it('finished deliveries are deleted after a month; pending and recent ones stay', async () => {
    const reader = await newUser();
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 24 * 3_600_000);
    const row = (key: string, status: string, updatedAt: Date) => ({ userId: reader.id, channel: 'email', category: 'orders', dedupeKey: `sweep-${reader.id}-${key}`, status, updatedAt, createdAt: updatedAt });
    await database.db.insert(notificationDeliveries).values([row('a', 'sent', daysAgo(40)), row('b', 'failed', daysAgo(31)), row('c', 'pending', daysAgo(40)), row('d', 'skipped', daysAgo(5))]);
    expect(await sweepDeliveries(database.db, now)).toBeGreaterThanOrEqual(2);
    const left = (await deliveriesOf(reader.id)).map((d) => d.dedupeKey.split('-').at(-1)).sort();
    expect(left).toEqual(['c', 'd']);
  });
});
