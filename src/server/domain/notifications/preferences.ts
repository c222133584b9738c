import { eq, inArray } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_CATEGORIES,
  type DeliveryCategory,
  type NotificationCategory,
  type NotificationChannel,
  type NotificationSettings,
} from '../../../lib/notification-settings.ts';
import type { DbOrTx } from '../../db/client.ts';
import { notificationSettings } from '../../db/delivery-schema.ts';
import { users } from '../../db/schema.ts';

export interface UserPreferences extends NotificationSettings {
  whatsapp: boolean;
}

const defaults = (): UserPreferences => ({ email: { ...DEFAULT_NOTIFICATION_SETTINGS.email }, push: { ...DEFAULT_NOTIFICATION_SETTINGS.push }, whatsapp: false });

/** A stored row read over the defaults (a switch added later starts at its default). */
function fromRow(row: typeof notificationSettings.$inferSelect | undefined): UserPreferences {
  const d = defaults();
  if (!row) return d;
  return { email: { ...d.email, ...row.email }, push: { ...d.push, ...row.push }, whatsapp: row.whatsapp };
}

export async function preferencesOf(db: DbOrTx, userId: number): Promise<UserPreferences> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return fromRow(row);
}

/** Several users' preferences at once (the dispatcher plans a batch). */
export async function preferencesOfUsers(db: DbOrTx, userIds: number[]): Promise<Map<number, UserPreferences>> {
  const rows = userIds.length ? await db.select().from(notificationSettings).where(inArray(notificationSettings.userId, userIds)) : [];
  const byUser = new Map(rows.map((r) => [r.userId, r]));
  return new Map(userIds.map((id) => [id, fromRow(byUser.get(id))]));
}

/** Whether a message of this category goes out on this channel: money always does. */
export function wants(prefs: NotificationSettings, channel: NotificationChannel, category: DeliveryCategory): boolean {
  return category === 'money' || prefs[channel][category];
}

/** The API's shape: exactly `{ email: {...}, push: {...} }`. */
export const settingsView = (p: UserPreferences): NotificationSettings => ({ email: p.email, push: p.push });

async function save(db: DbOrTx, userId: number, next: UserPreferences) {
  await db
    .insert(notificationSettings)
    .values({ userId, email: next.email, push: next.push, whatsapp: next.whatsapp })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { email: next.email, push: next.push, whatsapp: next.whatsapp, updatedAt: new Date() } });
}

export async function updatePreferences(db: DbOrTx, userId: number, settings: NotificationSettings): Promise<NotificationSettings> {
  const current = await preferencesOf(db, userId);
  const next = { ...current, email: settings.email, push: settings.push };
  await save(db, userId, next);
  return settingsView(next);
}

/** One category off on one channel (the one-click unsubscribe). */
export async function turnOff(db: DbOrTx, userId: number, channel: NotificationChannel, category: NotificationCategory) {
  const current = await preferencesOf(db, userId);
  await save(db, userId, { ...current, [channel]: { ...current[channel], [category]: false } });
}

export async function setWhatsapp(db: DbOrTx, userId: number, on: boolean) {
  await save(db, userId, { ...(await preferencesOf(db, userId)), whatsapp: on });
}

export async function setTimeZone(db: DbOrTx, userId: number, timeZone: string) {
  await db.update(users).set({ timeZone }).where(eq(users.id, userId));
}

export const isCategory = (v: string): v is NotificationCategory => (NOTIFICATION_CATEGORIES as readonly string[]).includes(v);
