/** Chat responses as islands read them (GET /v1/chats, /v1/chats/{id}, …/messages, /v1/chats/new-messages). */
import type { ImageRef } from '../images.ts';

export interface ChatPerson {
  id: number;
  username: string;
  name: string;
  photo_profile: string | null;
}

export interface ChatMessageView {
  id: number;
  chat_id: number;
  sender_id: number;
  body: string;
  image: ImageRef | null;
  /** A system hint under the message (why contact details were masked), in the reader's language. */
  helper_text: string | null;
  masked: boolean;
  created_at: string;
}

export interface ChatOrderSummary {
  id: number;
  status: string;
  status_text: string;
  product_name: string;
  image: ImageRef | null;
  total_price: number;
  /** The reader's side's order page: /dashboard/purchase/{id} or /dashboard/sell/{id}. */
  href: string;
  /** Contact details are masked until the order is paid. */
  masking: boolean;
}

export interface ChatRoomView {
  id: number;
  transaction_id: number;
  requester: ChatPerson;
  traveler: ChatPerson;
  /** The other party, as the reader sees the room. */
  other: ChatPerson;
  unread: number;
  last_message: ChatMessageView | null;
  order: ChatOrderSummary;
}

/** GET /v1/chats: the newest conversations first. */
export interface ChatRoomsPage {
  rows: ChatRoomView[];
  /** Pass as `cursor` for the next page; null when there are no more. */
  next_cursor: string | null;
}

export interface ChatMessagesPage {
  rows: ChatMessageView[];
  /** Pass as `before` for older messages; null when these are the oldest. */
  next_cursor: number | null;
}

/** SPEC §3 "New message": chat_id, body, chat with requester and traveler. */
export interface NewMessageView {
  chat_id: number;
  body: string;
  unread: number;
  created_at: string;
  sender: ChatPerson;
  chat: { id: number; requester: ChatPerson; traveler: ChatPerson };
}
