import { and, eq, isNull, ne } from 'drizzle-orm';
import type { ProfileUpdateInput } from '../../../lib/schemas/account.ts';
import { addresses, bankAccounts, countries, products, requests, sessions, trips, users } from '../../db/schema.ts';
import { conflict, invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { blockers } from '../hooks.ts';
import type { Caller } from './caller.ts';
import { changeEmail } from './change-email.ts';
import { normalizePhone } from './phone.ts';
import { takenUserField } from './taken-fields.ts';
import type { UserRow } from './users.ts';

/**
 * PUT /v1/users/me: one field at a time. A new phone number is unverified until the code flow
 * confirms it; a new e-mail must be free and needs the current password (change-email.ts).
 */
export async function updateProfile(
  deps: Pick<Deps, 'db' | 'now' | 'limits' | 'mailer' | 'logger'>,
  user: UserRow,
  input: ProfileUpdateInput,
  caller: Caller,
): Promise<void> {
  const { db } = deps;
  const now = deps.now();
  if (input.name !== undefined) {
    await db.update(users).set({ name: input.name, updatedAt: now }).where(eq(users.id, user.id));
  } else if (input.email !== undefined) {
    await changeEmail(deps, user, input.email, input.current_password, caller);
  } else if (input.phone_number !== undefined) {
    const phone = normalizePhone(input.phone_number);
    if (!phone) throw invalid({ phone_number: 'account:phone.invalid' });
    const [taken] = await db.select({ id: users.id }).from(users).where(and(eq(users.phoneNumber, phone), ne(users.id, user.id)));
    if (taken) throw invalid({ phone_number: 'account:phone.taken' });
    if (phone !== user.phoneNumber) {
      await db
        .update(users)
        .set({ phoneNumber: phone, phoneVerifiedAt: null, updatedAt: now })
        .where(eq(users.id, user.id))
        .catch((err: unknown) => {
          throw takenUserField(err);
        });
    }
  } else if (input.country_id !== undefined) {
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country_id));
    if (!country) throw invalid({ country_id: 'places:location.required' });
    await db.update(users).set({ countryId: input.country_id, updatedAt: now }).where(eq(users.id, user.id));
  }
}

/**
 * DELETE /v1/users/me. Refused while the orders domain reports open orders or a balance.
 * The row stays (orders and reviews point at it) but is anonymised and can never sign in again;
 * posts are hidden and trips cancelled.
 */
export async function deleteAccount(deps: Pick<Deps, 'db' | 'now' | 'hooks'>, user: UserRow): Promise<void> {
  const now = deps.now();
  await deps.db.transaction(async (tx) => {
    // The user row stays locked while the orders domain decides, so no order starts meanwhile.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update');
    const reasons = await blockers(deps.hooks.accountDeletionBlockers, tx, user.id);
    if (reasons.length) throw conflict('BLOCKED', reasons[0]);
    await tx
      .update(users)
      .set({
        name: 'Deleted user',
        username: `deleted_${user.id}`,
        email: `deleted-${user.id}@deleted.invalid`,
        passwordHash: null,
        googleSub: null,
        phoneNumber: null,
        phoneVerifiedAt: null,
        photoProfile: null,
        deletedAt: now,
        updatedAt: now,
      })
      .where(eq(users.id, user.id));
    await tx.update(sessions).set({ revokedAt: now }).where(and(eq(sessions.userId, user.id), isNull(sessions.revokedAt)));
    await tx.update(products).set({ active: false, updatedAt: now }).where(eq(products.userId, user.id));
    await tx.update(requests).set({ active: false, updatedAt: now }).where(eq(requests.userId, user.id));
    await tx.update(trips).set({ status: 'CANCELLED', updatedAt: now }).where(and(eq(trips.userId, user.id), eq(trips.status, 'ACTIVE')));
    await tx.update(addresses).set({ deletedAt: now }).where(and(eq(addresses.userId, user.id), isNull(addresses.deletedAt)));
    await tx.update(bankAccounts).set({ deletedAt: now }).where(and(eq(bankAccounts.userId, user.id), isNull(bankAccounts.deletedAt)));
  });
}
