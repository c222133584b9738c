/**
 * Web push through the `web-push` library: the payload encrypted for the browser (RFC 8291,
 * aes128gcm), the request signed with the server's VAPID key (RFC 8292), with a TTL and an
 * urgency. A push service that answers 404 or 410 says the subscription is gone for good.
 */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushSender {
  /** `gone`: the push service no longer knows this subscription (delete it). Throws on other failures. */
  send(target: PushTarget, payload: string, opts: { ttlSeconds: number; urgency: 'normal' | 'high' }): Promise<{ gone: boolean }>;
}

/** The address part of `Titipan <no-reply@example.com>`: VAPID's contact (`mailto:`). */
export function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

export function createWebPushSender(opts: { publicKey: string; privateKey: string; subject: string }): PushSender {
  return {
    async send(target, payload, { ttlSeconds, urgency }) {
      const { default: webpush } = await import('web-push');
      try {
        await webpush.sendNotification({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload, {
          TTL: ttlSeconds,
          urgency,
          contentEncoding: 'aes128gcm',
          vapidDetails: { subject: opts.subject, publicKey: opts.publicKey, privateKey: opts.privateKey },
          timeout: 15_000,
        });
        return { gone: false };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return { gone: true };
        throw err;
      }
    },
  };
}
