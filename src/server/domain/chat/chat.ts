/**
 * Chat per order (SPEC §7): one room per order between its requester and traveller. Only those
 * two read or post; anyone else gets the same 404 as for a room that does not exist. Until the
 * order is paid, contact details in messages are masked (mask.ts). After the transaction that
 * stores a message commits, the recipient's private channel gets `new-message` {body, chat_id}.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { imageRef } from '../../../lib/images.ts';
import { resolveLocale, translator, type Locale } from '../../../lib/i18n/index.ts';
import type { ChatRoomsQuery, OpenChatInput } from '../../../lib/schemas/chat.ts';
import type { ChatMessageView, ChatMessagesPage, ChatOrderSummary, ChatPerson, ChatRoomView, ChatRoomsPage, NewMessageView } from '../../../lib/views/chat.ts';
import { chatMessages, chatReads, chatRooms } from '../../db/chat-schema.ts';
import type { DbOrTx } from '../../db/client.ts';
import { transactionItems, transactions } from '../../db/orders-schema.ts';
import { users } from '../../db/schema.ts';
import { invalid, notFound } from '../../errors.ts';
import { userChannel } from '../../realtime/types.ts';
import { storeImage } from '../catalogue/images.ts';
import type { Deps } from '../deps.ts';
import { maskContacts } from './mask.ts';
import { contactsHidden } from '../orders/contact.ts';
import { queueChatDigest } from '../notifications/chat-digest.ts';
import { literal } from '../../db/literal.ts';

type RoomRow = typeof chatRooms.$inferSelect;
type MessageRow = typeof chatMessages.$inferSelect;
type OrderRow = Pick<typeof transactions.$inferSelect, 'id' | 'status' | 'paidAt' | 'totalPrice' | 'requesterId' | 'travelerId'>;

const NOT_FOUND = 'chat:error.not_found';

/** Contact details are masked until the order is paid (offers, awaiting payment, or cancelled unpaid): the orders' one rule. */
export const masksContacts = contactsHidden;

const isParty = (room: Pick<RoomRow, 'requesterId' | 'travelerId'>, userId: number) => room.requesterId === userId || room.travelerId === userId;

/** The room, if this user is one of its two parties; otherwise 404, as if it did not exist. */
export async function roomOf(db: DbOrTx, userId: number, roomId: number): Promise<RoomRow> {
  const [room] = await db.select().from(chatRooms).where(eq(chatRooms.id, roomId));
  if (!room || !isParty(room, userId)) throw notFound(NOT_FOUND);
  return room;
}

/**
 * Opens the order's room (or answers the one it has): only a party of the order may, and the ids
 * sent must be the order's own. The unique index on the order makes concurrent opens one room.
 */
export async function openRoom(db: DbOrTx, userId: number, input: OpenChatInput): Promise<{ id: number; created: boolean }> {
  const [order] = await db
    .select({ id: transactions.id, requesterId: transactions.requesterId, travelerId: transactions.travelerId })
    .from(transactions)
    .where(eq(transactions.id, input.transaction_id));
  if (!order || (order.requesterId !== userId && order.travelerId !== userId)) throw notFound(NOT_FOUND);
  if (order.requesterId !== input.requester_id) throw invalid({ requester_id: 'chat:error.parties' });
  if (order.travelerId !== input.traveler_id) throw invalid({ traveler_id: 'chat:error.parties' });
  const inserted = await db
    .insert(chatRooms)
    .values({ transactionId: order.id, requesterId: order.requesterId, travelerId: order.travelerId })
    .onConflictDoNothing({ target: chatRooms.transactionId })
    .returning({ id: chatRooms.id });
  if (inserted[0]) return { id: inserted[0].id, created: true };
  const [room] = await db.select({ id: chatRooms.id }).from(chatRooms).where(eq(chatRooms.transactionId, order.id));
  return { id: room.id, created: false };
}

function messageView(row: MessageRow, locale: Locale): ChatMessageView {
  return {
    id: row.id,
    chat_id: row.roomId,
    sender_id: row.senderId,
    body: row.body ?? '',
    image: row.imageId ? imageRef(row.imageId) : null,
    helper_text: row.masked ? translator(locale)('chat:masked.hint') : row.helperText,
    masked: row.masked,
    created_at: row.createdAt.toISOString(),
  };
}

/** What a push or a preview says of a message: its text, or "Photo" for a picture alone. */
function previewText(row: Pick<MessageRow, 'body' | 'imageId'>, locale: Locale): string {
  if (row.body) return row.body;
  return row.imageId ? translator(locale)('chat:photo') : '';
}

export interface NewMessage {
  body?: string;
  helper_text?: string;
}

/**
 * Stores a message (text and/or one image) in one transaction with the room's order read and
 * the room's last-message time moved; the sender has read up to it. Then pushes `new-message`
 * to the other party, once the message is committed.
 */
export async function postMessage(deps: Pick<Deps, 'db' | 'storage' | 'realtime' | 'logger' | 'limits' | 'now'>, userId: number, roomId: number, input: NewMessage, image: Buffer | undefined, locale: Locale): Promise<ChatMessageView> {
  const room = await roomOf(deps.db, userId, roomId);
  const recipient = room.requesterId === userId ? room.travelerId : room.requesterId;
  const text = input.body ?? '';
  if (!text && !image) throw invalid({ body: 'chat:error.empty' });
  await deps.limits.consume('chatMessagesPerUser', String(userId));
  // The photo is checked and stored before the transaction (decoding is slow; no lock is held).
  const stored = image ? await storeImage(deps, userId, image) : undefined;
  const row = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select({ paidAt: transactions.paidAt }).from(transactions).where(eq(transactions.id, room.transactionId));
    const { text: body, masked } = masksContacts(order) ? maskContacts(text) : { text, masked: false };
    const [message] = await tx
      .insert(chatMessages)
      .values({ roomId: room.id, senderId: userId, body: body || null, imageId: stored?.id ?? null, helperText: input.helper_text || null, masked })
      .returning();
    await tx.update(chatRooms).set({ lastMessageAt: message.createdAt }).where(eq(chatRooms.id, room.id));
    await markReadUpTo(tx, room.id, userId, message.id);
    // Off-site, the recipient hears of unread messages in a digest (at most one per 15 minutes).
    await queueChatDigest(tx, room.id, recipient, deps.now());
    return message;
  });
  const [who] = await deps.db.select({ locale: users.locale }).from(users).where(eq(users.id, recipient));
  try {
    await deps.realtime.publish(userChannel(recipient), 'new-message', {
      body: previewText(row, resolveLocale(who?.locale)),
      chat_id: room.id,
      message_id: row.id,
      sender_id: userId,
    });
  } catch (err) {
    // The message is stored and shows on the next refetch; a failed push is not retried.
    deps.logger.warn('real-time push of a chat message failed', err);
  }
  return messageView(row, locale);
}

async function markReadUpTo(db: DbOrTx, roomId: number, userId: number, messageId: number) {
  await db
    .insert(chatReads)
    .values({ roomId, userId, lastReadId: messageId })
    .onConflictDoUpdate({ target: [chatReads.roomId, chatReads.userId], set: { lastReadId: sql`greatest(${chatReads.lastReadId}, ${messageId})` } });
}

/** Marks everything in the room read for this user (the marker never moves back). */
export async function markRead(db: DbOrTx, userId: number, roomId: number): Promise<void> {
  const room = await roomOf(db, userId, roomId);
  const [last] = await db.select({ id: chatMessages.id }).from(chatMessages).where(eq(chatMessages.roomId, room.id)).orderBy(desc(chatMessages.id)).limit(1);
  await markReadUpTo(db, room.id, userId, last?.id ?? 0);
}

/** A page of messages, newest last: older than `before`, or newer than `after` (a live refetch). */
export async function listMessages(db: DbOrTx, userId: number, roomId: number, q: { before?: number; after?: number; per_page: number }, locale: Locale): Promise<ChatMessagesPage> {
  const room = await roomOf(db, userId, roomId);
  if (q.after !== undefined) {
    const rows = await db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.roomId, room.id), gt(chatMessages.id, q.after)))
      .orderBy(asc(chatMessages.id))
      .limit(literal(q.per_page));
    return { rows: rows.map((r) => messageView(r, locale)), next_cursor: null };
  }
  const rows = await db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.roomId, room.id), q.before !== undefined ? lt(chatMessages.id, q.before) : undefined))
    .orderBy(desc(chatMessages.id))
    .limit(literal(q.per_page + 1));
  const more = rows.length > q.per_page;
  const page = rows.slice(0, q.per_page).reverse();
  return { rows: page.map((r) => messageView(r, locale)), next_cursor: more ? page[0].id : null };
}

async function peopleOf(db: DbOrTx, ids: number[]): Promise<Map<number, ChatPerson>> {
  const rows = ids.length
    ? await db.select({ id: users.id, name: users.name, username: users.username, photo: users.photoProfile }).from(users).where(inArray(users.id, [...new Set(ids)]))
    : [];
  return new Map(rows.map((u) => [u.id, { id: u.id, name: u.name, username: u.username, photo_profile: u.photo }]));
}

/** Unread messages per room for this user: from the other party, after the user's read marker. */
async function unreadCounts(db: DbOrTx, userId: number, roomIds: number[]): Promise<Map<number, number>> {
  if (!roomIds.length) return new Map();
  const rows = await db
    .select({ roomId: chatMessages.roomId, n: sql<number>`count(*)::int` })
    .from(chatMessages)
    .leftJoin(chatReads, and(eq(chatReads.roomId, chatMessages.roomId), eq(chatReads.userId, userId)))
    .where(and(inArray(chatMessages.roomId, roomIds), ne(chatMessages.senderId, userId), gt(chatMessages.id, sql`coalesce(${chatReads.lastReadId}, 0)`)))
    .groupBy(chatMessages.roomId);
  return new Map(rows.map((r) => [r.roomId, Number(r.n)]));
}

async function lastMessages(db: DbOrTx, roomIds: number[]): Promise<Map<number, MessageRow>> {
  if (!roomIds.length) return new Map();
  const rows = await db
    .selectDistinctOn([chatMessages.roomId])
    .from(chatMessages)
    .where(inArray(chatMessages.roomId, roomIds))
    .orderBy(chatMessages.roomId, desc(chatMessages.id));
  return new Map(rows.map((r) => [r.roomId, r]));
}

async function roomViews(db: DbOrTx, userId: number, rooms: RoomRow[], locale: Locale): Promise<ChatRoomView[]> {
  if (!rooms.length) return [];
  const roomIds = rooms.map((r) => r.id);
  const orderIds = rooms.map((r) => r.transactionId);
  const [people, unread, last, orders, items] = await Promise.all([
    peopleOf(db, rooms.flatMap((r) => [r.requesterId, r.travelerId])),
    unreadCounts(db, userId, roomIds),
    lastMessages(db, roomIds),
    db
      .select({ id: transactions.id, status: transactions.status, paidAt: transactions.paidAt, totalPrice: transactions.totalPrice, requesterId: transactions.requesterId, travelerId: transactions.travelerId })
      .from(transactions)
      .where(inArray(transactions.id, orderIds)),
    db
      .selectDistinctOn([transactionItems.transactionId], { transactionId: transactionItems.transactionId, name: transactionItems.name, imageId: transactionItems.imageId })
      .from(transactionItems)
      .where(inArray(transactionItems.transactionId, orderIds))
      .orderBy(transactionItems.transactionId, asc(transactionItems.id)),
  ]);
  const orderById = new Map(orders.map((o) => [o.id, o]));
  const itemByOrder = new Map(items.map((i) => [i.transactionId, i]));
  const t = translator(locale);
  return rooms.map((room) => {
    const order = orderById.get(room.transactionId)!;
    const item = itemByOrder.get(room.transactionId);
    const summary: ChatOrderSummary = {
      id: order.id,
      status: order.status,
      status_text: t(`orders:status.${order.status}`),
      product_name: item?.name ?? '',
      image: item?.imageId ? imageRef(item.imageId) : null,
      total_price: order.totalPrice,
      href: order.requesterId === userId ? `/dashboard/purchase/${order.id}` : `/dashboard/sell/${order.id}`,
      masking: masksContacts(order),
    };
    const requester = people.get(room.requesterId)!;
    const traveler = people.get(room.travelerId)!;
    const lastRow = last.get(room.id);
    return {
      id: room.id,
      transaction_id: room.transactionId,
      requester,
      traveler,
      other: room.requesterId === userId ? traveler : requester,
      unread: unread.get(room.id) ?? 0,
      last_message: lastRow ? { ...messageView(lastRow, locale), body: previewText(lastRow, locale) } : null,
      order: summary,
    };
  });
}

/**
 * The user's rooms, the latest conversation first (rooms without messages last, newest first), a
 * page at a time: keyset paging on (last message time, id), so a message arriving while the reader
 * pages moves its room to the top of the first page instead of shifting every later page.
 */
export async function listRooms(db: DbOrTx, userId: number, locale: Locale, q: Pick<ChatRoomsQuery, 'cursor'> & { per_page: number } = { per_page: 30 }): Promise<ChatRoomsPage> {
  const after = q.cursor;
  const afterCursor = !after
    ? undefined
    : after.at === null
      ? and(isNull(chatRooms.lastMessageAt), lt(chatRooms.id, after.id))
      : or(
          lt(chatRooms.lastMessageAt, new Date(after.at)),
          and(eq(chatRooms.lastMessageAt, new Date(after.at)), lt(chatRooms.id, after.id)),
          isNull(chatRooms.lastMessageAt),
        );
  const rows = await db
    .select()
    .from(chatRooms)
    .where(and(or(eq(chatRooms.requesterId, userId), eq(chatRooms.travelerId, userId)), afterCursor))
    .orderBy(sql`${chatRooms.lastMessageAt} desc nulls last`, desc(chatRooms.id))
    .limit(literal(q.per_page + 1));
  const page = rows.slice(0, q.per_page);
  const last = page.at(-1);
  return {
    rows: await roomViews(db, userId, page, locale),
    next_cursor: rows.length > q.per_page && last ? `${last.lastMessageAt?.getTime() ?? 'n'}.${last.id}` : null,
  };
}

export async function getRoom(db: DbOrTx, userId: number, roomId: number, locale: Locale): Promise<ChatRoomView> {
  const room = await roomOf(db, userId, roomId);
  return (await roomViews(db, userId, [room], locale))[0];
}

/** SPEC §3 "New message": per room with unread messages, the latest of them (the header dropdown). */
export async function newMessages(db: DbOrTx, userId: number, locale: Locale): Promise<NewMessageView[]> {
  const rooms = await db
    .select()
    .from(chatRooms)
    .where(or(eq(chatRooms.requesterId, userId), eq(chatRooms.travelerId, userId)))
    .orderBy(sql`${chatRooms.lastMessageAt} desc nulls last`)
    .limit(200);
  const unread = await unreadCounts(db, userId, rooms.map((r) => r.id));
  const withUnread = rooms.filter((r) => (unread.get(r.id) ?? 0) > 0);
  const [last, people] = await Promise.all([
    lastMessages(db, withUnread.map((r) => r.id)),
    peopleOf(db, withUnread.flatMap((r) => [r.requesterId, r.travelerId])),
  ]);
  return withUnread.map((room) => {
    const message = last.get(room.id)!;
    const requester = people.get(room.requesterId)!;
    const traveler = people.get(room.travelerId)!;
    return {
      chat_id: room.id,
      body: previewText(message, locale),
      unread: unread.get(room.id)!,
      created_at: message.createdAt.toISOString(),
      sender: message.senderId === room.requesterId ? requester : traveler,
      chat: { id: room.id, requester, traveler },
    };
  });
}
