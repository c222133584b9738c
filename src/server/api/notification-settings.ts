import { Hono } from 'hono';
import { z } from 'zod';
import { notificationExtrasBody, notificationSettingsBody, pushSubscriptionBody, pushUnsubscribeBody } from '../../lib/schemas/notifications.ts';
import { preferencesOf, setTimeZone, setWhatsapp, settingsView, updatePreferences } from '../domain/notifications/preferences.ts';
import { subscribePush, unsubscribePush } from '../domain/notifications/push-subscriptions.ts';
import { unsubscribe } from '../domain/notifications/unsubscribe.ts';
import type { ApiEnv } from './context.ts';
import { route } from './contract.ts';
import { ok } from './http.ts';

const unsubscribeToken = { token: z.string({ error: 'notifications:unsubscribe.invalid' }) };

/**
 * What reaches a user off-site (docs/notifications.md): their switches per channel and
 * category, the time zone and WhatsApp opt-in, this browser's push subscription, and the
 * one-click unsubscribe link of every e-mail (no session: the signed token is the proof).
 */
export const notificationSettingsRoutes = new Hono<ApiEnv>()
  .get(
    '/users/notification-settings',
    route({ user: true }, async (c, { user }) => ok(c, settingsView(await preferencesOf(c.get('services').deps.db, user.id)))),
  )
  .put(
    '/users/notification-settings',
    route({ user: true, body: notificationSettingsBody }, async (c, { user, body }) =>
      ok(c, await updatePreferences(c.get('services').deps.db, user.id, body), 'notifications:settings.saved'),
    ),
  )
  .get(
    '/users/notification-extras',
    route({ user: true }, async (c, { user }) => {
      const { deps } = c.get('services');
      const prefs = await preferencesOf(deps.db, user.id);
      return ok(c, {
        time_zone: user.timeZone,
        whatsapp: prefs.whatsapp,
        whatsapp_available: !!deps.config.whatsapp,
        phone_verified: !!(user.phoneNumber && user.phoneVerifiedAt),
        phone_number: user.phoneVerifiedAt ? user.phoneNumber : null,
      });
    }),
  )
  .put(
    '/users/notification-extras',
    route({ user: true, body: notificationExtrasBody }, async (c, { user, body }) => {
      const { deps } = c.get('services');
      if (body.time_zone) await setTimeZone(deps.db, user.id, body.time_zone);
      if (body.whatsapp !== undefined) await setWhatsapp(deps.db, user.id, body.whatsapp);
      return ok(c, null, 'notifications:settings.saved');
    }),
  )
  .get(
    '/push/public-key',
    route({}, (c) => ok(c, { public_key: c.get('services').deps.config.push.vapidPublicKey })),
  )
  .post(
    '/push/subscriptions',
    route({ user: true, body: pushSubscriptionBody }, async (c, { user, body }) => {
      const { deps } = c.get('services');
      await subscribePush(deps.db, user.id, body, deps.config.push.allowedOrigins);
      return ok(c, null, 'notifications:push.subscribed', undefined, 201);
    }),
  )
  .delete(
    '/push/subscriptions',
    route({ user: true, body: pushUnsubscribeBody }, async (c, { user, body }) => {
      await unsubscribePush(c.get('services').deps.db, user.id, body.endpoint);
      return ok(c, null, 'notifications:push.unsubscribed');
    }),
  )
  // RFC 8058: the mail client POSTs `List-Unsubscribe=One-Click` here, without a session.
  .post(
    '/unsubscribe/:token',
    route({ params: unsubscribeToken }, async (c, { params }) => {
      const { deps } = c.get('services');
      await unsubscribe(deps.db, deps.config.mail.unsubscribeSecret, params.token, deps.now());
      return ok(c, null, 'notifications:unsubscribe.done');
    }),
  )
  // A person who opens the link gets the confirmation page.
  .get(
    '/unsubscribe/:token',
    route({ params: unsubscribeToken, answers: 'redirect' }, (c, { params }) => c.redirect(`/unsubscribe?token=${encodeURIComponent(params.token)}`, 303)),
  );
