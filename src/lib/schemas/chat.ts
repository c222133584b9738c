import { z } from 'zod';
import { msg, textField } from './common.ts';
import { idField, optionalIdText } from './ids.ts';

export const CHAT_BODY_MAX = 2000;

/** POST /v1/chats (SPEC §7): opens the order's room, or answers the one it has. */
export const openChatSchema = z.object({
  transaction_id: idField('chat:error.not_found'),
  traveler_id: idField('chat:error.parties'),
  requester_id: idField('chat:error.parties'),
});
export type OpenChatInput = z.input<typeof openChatSchema>;

/** POST /v1/chats/{id}/messages, multipart form-data: text and/or one image (field `image`). */
export const chatMessageFields = z.object({
  body: textField(msg.invalid).trim().max(CHAT_BODY_MAX, { error: 'chat:error.too_long' }).optional(),
  helper_text: textField(msg.invalid).trim().max(500, { error: msg.invalid }).optional(),
});

/** GET /v1/chats/{id}/messages: a page older than `before`, or what came after `after` (newest last). */
/** Where the next page of rooms starts: `{last message time in ms, or n}.{room id}` (ChatRoomsPage.next_cursor). */
const ROOM_CURSOR = /^(?:(\d{1,15})|n)\.(\d{1,10})$/;

/** GET /v1/chats: the newest conversations first, a page at a time. */
export const chatRoomsQuery = z.object({
  cursor: z
    .string()
    .max(30)
    .transform((v, ctx) => {
      const m = ROOM_CURSOR.exec(v);
      const id = m ? Number(m[2]) : 0;
      if (!m || id > 2_147_483_647) {
        ctx.addIssue({ code: 'custom', message: msg.invalid });
        return z.NEVER;
      }
      return { at: m[1] === undefined ? null : Number(m[1]), id };
    })
    .optional(),
  per_page: z.coerce.number({ error: msg.invalid }).int({ error: msg.invalid }).min(1, { error: msg.invalid }).default(30).transform((n) => Math.min(n, 100)),
});
export type ChatRoomsQuery = z.output<typeof chatRoomsQuery>;

export const chatMessagesQuery = z.object({
  before: optionalIdText(msg.invalid),
  after: optionalIdText(msg.invalid),
  per_page: z.coerce.number({ error: msg.invalid }).int({ error: msg.invalid }).min(1, { error: msg.invalid }).default(30).transform((n) => Math.min(n, 100)),
});
