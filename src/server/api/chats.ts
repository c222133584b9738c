import { Hono } from 'hono';
import { IMAGE_MAX_BYTES } from '../../lib/images.ts';
import { chatMessageFields, chatMessagesQuery, chatRoomsQuery, openChatSchema } from '../../lib/schemas/chat.ts';
import { idText } from '../../lib/schemas/ids.ts';
import { getRoom, listMessages, listRooms, markRead, newMessages, openRoom, postMessage } from '../domain/chat/chat.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

const chatId = { id: idText('chat:error.not_found') };
const messageForm = { fields: chatMessageFields, file: { field: 'image', maxBytes: IMAGE_MAX_BYTES, tooBig: 'catalogue:images.too_big' } };

/** Chat per order (SPEC §7): rooms, messages (text and/or a photo), read markers, the header's new messages. */
export const chatRoutes = new Hono<ApiEnv>()
  .post(
    '/chats',
    route({ guestPages: 'unchanged', user: true, body: openChatSchema }, async (c, { user, body }) => {
      const room = await openRoom(c.get('services').deps.db, user.id, body);
      return ok(c, { id: room.id }, undefined, undefined, room.created ? 201 : 200);
    }),
  )
  .get(
    '/chats',
    route({ user: true, query: chatRoomsQuery }, async (c, { user, query }) => ok(c, await listRooms(c.get('services').deps.db, user.id, c.get('lang'), query))),
  )
  // Before '/chats/:id', which would read "new-messages" as an id (and answer 404).
  .get(
    '/chats/new-messages',
    route({ user: true }, async (c, { user }) => ok(c, await newMessages(c.get('services').deps.db, user.id, c.get('lang')))),
  )
  .get(
    '/chats/:id',
    route({ user: true, params: chatId }, async (c, { user, params }) => ok(c, await getRoom(c.get('services').deps.db, user.id, params.id, c.get('lang')))),
  )
  .get(
    '/chats/:id/messages',
    route({ user: true, params: chatId, query: chatMessagesQuery }, async (c, { user, params, query }) =>
      ok(c, await listMessages(c.get('services').deps.db, user.id, params.id, query, c.get('lang'))),
    ),
  )
  .post(
    '/chats/:id/messages',
    route({ guestPages: 'unchanged', user: true, params: chatId, multipart: messageForm }, async (c, { user, params, body, file }) => {
      const message = await postMessage(c.get('services').deps, user.id, params.id, body, file, c.get('lang'));
      return ok(c, message, undefined, undefined, 201);
    }),
  )
  .put(
    '/chats/:id/read',
    route({ guestPages: 'unchanged', user: true, params: chatId }, async (c, { user, params }) => {
      await markRead(c.get('services').deps.db, user.id, params.id);
      return ok(c, null);
    }),
  );
