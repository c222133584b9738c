/*
 * Titipan's service worker: shows web push notifications while no Titipan tab is open, and a
 * click opens the page the notification is about (an order, a chat) in a Titipan tab.
 * The server sends { title, body, url, tag } (docs/notifications.md).
 */
self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('push', (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { title: event.data ? event.data.text() : 'Titipan' };
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/dashboard/notification';
  event.waitUntil(
    self.registration.showNotification(data.title || 'Titipan', {
      body: data.body || '',
      tag: data.tag || undefined,
      icon: '/favicon.svg',
      badge: '/favicon.svg',
      data: { url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data && event.notification.data.url ? event.notification.data.url : '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const open = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // A Titipan tab already open goes to the page; otherwise a new one opens on it.
      for (const client of open) {
        if (new URL(client.url).origin !== self.location.origin || !('navigate' in client)) continue;
        const moved = await client.navigate(target).catch(() => null);
        if (moved) {
          await moved.focus().catch(() => undefined);
          return undefined;
        }
      }
      return self.clients.openWindow(target);
    })(),
  );
});
