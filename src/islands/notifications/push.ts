import { api } from '../../lib/api.ts';

/**
 * Web push on this device: the service worker (/sw.js) and this browser's push subscription,
 * kept on the server (POST/DELETE /v1/push/subscriptions). The bell menu's switch and the
 * notification settings page drive it.
 */
export type DevicePushState = 'unsupported' | 'denied' | 'on' | 'off';

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && typeof Notification !== 'undefined';

async function registration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  return existing ?? navigator.serviceWorker.register('/sw.js', { scope: '/' });
}

export async function devicePushState(): Promise<DevicePushState> {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  return sub && Notification.permission === 'granted' ? 'on' : 'off';
}

const keyBytes = (base64url: string) => {
  const text = atob(base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4));
  return Uint8Array.from(text, (c) => c.charCodeAt(0));
};

/** Asks for permission (call it from a click), subscribes this browser and tells the server. */
export async function turnOnPush(): Promise<DevicePushState> {
  if (!supported()) return 'unsupported';
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission !== 'granted') return permission === 'denied' ? 'denied' : 'off';
  const reg = await registration();
  await navigator.serviceWorker.ready;
  const { data } = await api<{ public_key: string }>('GET', '/push/public-key');
  const current = await reg.pushManager.getSubscription();
  const sub = current ?? (await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(data.public_key) }));
  await api('POST', '/push/subscriptions', { body: sub.toJSON() });
  return 'on';
}

/** Forgets this browser's subscription here and on the server. */
export async function turnOffPush(): Promise<DevicePushState> {
  if (!supported()) return 'unsupported';
  const reg = await navigator.serviceWorker.getRegistration('/');
  const sub = await reg?.pushManager.getSubscription();
  if (sub) {
    await api('DELETE', '/push/subscriptions', { body: { endpoint: sub.endpoint } }).catch(() => undefined);
    await sub.unsubscribe();
  }
  return 'off';
}
