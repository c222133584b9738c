import { atom } from 'nanostores';
import { api } from '../../lib/api.ts';
import type { NewMessageView } from '../../lib/views/chat.ts';
import { $liveState, $pushedMessage } from '../notifications/live.ts';

/** The header's chat preview: rooms with unread messages, the latest of each (null: not loaded). */
export const $newMessages = atom<NewMessageView[] | null>(null);

let loading: Promise<void> | null = null;
let queued: Promise<void> | null = null;

/**
 * Reloads GET /v1/chats/new-messages (after a push, a read, opening the dropdown). A call while a
 * load is under way gets one more load after it: that one may have started before a read.
 */
export function refreshNewMessages(): Promise<void> {
  if (loading) {
    queued ??= loading
      .catch(() => undefined)
      .then(() => {
        queued = null;
        return refreshNewMessages();
      });
    return queued;
  }
  loading = api
    .get('/chats/new-messages')
    .then((rows) => $newMessages.set(rows))
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** All unread messages (the badge). */
export const unreadTotal = (rows: NewMessageView[] | null) => (rows ?? []).reduce((sum, r) => sum + r.unread, 0);

let following = false;
/**
 * A pushed message refetches the preview (once per page, whoever asks first), and so does a
 * connection back after a loss: what was pushed meanwhile was missed.
 */
export function followPushedMessages() {
  if (following) return;
  following = true;
  $pushedMessage.listen((m) => {
    if (m) void refreshNewMessages().catch(() => undefined);
  });
  let lost = false;
  $liveState.listen((state) => {
    if (state === 'offline') lost = true;
    else if (state === 'live' && lost) {
      lost = false;
      void refreshNewMessages().catch(() => undefined);
    }
  });
}

export const chatHref = (chatId: number) => `/dashboard/chat?room=${chatId}`;
