import { atom } from 'nanostores';
import { pusherClientOptions, type RealtimeClientConfig } from '../../lib/realtime.ts';
import type { NotificationView } from '../../lib/views/notifications.ts';
import { notificationHref, refreshNotifications } from './store.ts';

/** A chat message pushed to the user (SPEC §7 Real-time: `new-message` {body, chat_id}). */
export interface PushedMessage {
  body: string;
  chat_id: number;
}

/** The last message pushed; chat views listen to it. */
export const $pushedMessage = atom<PushedMessage | null>(null);
/** 'live' once subscribed; 'offline' while pusher-js reconnects. */
export const $liveState = atom<'idle' | 'live' | 'offline'>('idle');

let started = false;

/** A desktop notification when the user allowed them; a click opens what it is about. */
function showDesktop(title: string, body: string, href: string | null) {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  try {
    const shown = new Notification(title, { body, tag: href ?? undefined });
    shown.onclick = () => {
      window.focus();
      if (href) window.location.assign(href);
    };
  } catch {
    // Some mobile browsers allow notifications only from a service worker: the bell still shows it.
  }
}

/**
 * Connects the signed-in user's browser to their private channel (`private-user.{id}`), once per
 * page, when the page is idle: pusher-js is loaded only then. A pushed notification refetches the
 * header dropdown and shows a desktop notification; after a lost connection pusher-js reconnects
 * by itself and the dropdown is refetched, so nothing pushed meanwhile is missed.
 */
export function startLive(opts: { userId: number; realtime: RealtimeClientConfig; newMessageTitle: string }) {
  if (started || !opts.realtime.key || typeof window === 'undefined') return;
  started = true;
  const begin = async () => {
    const { default: Pusher } = await import('pusher-js');
    // This site's own server, a self-hosted Pusher-protocol server, or Pusher Channels.
    const client = new Pusher(opts.realtime.key, pusherClientOptions(opts.realtime, window.location));
    let connectedBefore = false;
    client.connection.bind('state_change', ({ current }: { current: string }) => {
      if (current === 'connected') {
        if (connectedBefore) void refreshNotifications().catch(() => undefined);
        connectedBefore = true;
        $liveState.set('live');
      } else if (current === 'unavailable' || current === 'disconnected') $liveState.set('offline');
    });
    const channel = client.subscribe(`private-user.${opts.userId}`);
    channel.bind('new-notification', (n: NotificationView) => {
      void refreshNotifications().catch(() => undefined);
      showDesktop(n.title, n.message, notificationHref(n));
    });
    channel.bind('new-message', (m: PushedMessage) => {
      $pushedMessage.set(m);
      showDesktop(opts.newMessageTitle, m.body, `/dashboard/chat?room=${m.chat_id}`);
    });
  };
  const later = () => void begin().catch(() => $liveState.set('offline'));
  if ('requestIdleCallback' in window) window.requestIdleCallback(later, { timeout: 3000 });
  else setTimeout(later, 1000);
}
