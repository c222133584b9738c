import { asc, eq } from 'drizzle-orm';
import type { Locale } from '../../../lib/i18n/index.ts';
import type { DiscussionMessage } from '../../../lib/views/index.ts';
import { discussions, users } from '../../db/schema.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors.ts';
import type { UserRow } from '../accounts/users.ts';
import type { Deps } from '../deps.ts';
import { notify } from '../notifications/outbox.ts';
import { getProductById } from '../catalogue/products.ts';
import { getRequestById } from '../catalogue/requests.ts';

export type Subject = 'product' | 'request';

async function subjectOf(db: Db, subject: Subject, id: number, locale: Locale) {
  const item = subject === 'product' ? await getProductById(db, id, locale) : await getRequestById(db, id, locale);
  if (!item) throw notFound(subject === 'product' ? 'catalogue:product.not_found' : 'catalogue:request.not_found');
  return item;
}

export async function listDiscussion(db: Db, subject: Subject, id: number, locale: Locale): Promise<DiscussionMessage[]> {
  await subjectOf(db, subject, id, locale);
  const col = subject === 'product' ? discussions.productId : discussions.requestId;
  const rows = await db
    .select({ id: discussions.id, message: discussions.message, created_at: discussions.createdAt, user: { id: users.id, username: users.username, name: users.name, photo_profile: users.photoProfile } })
    .from(discussions)
    .innerJoin(users, eq(users.id, discussions.userId))
    .where(eq(col, id))
    .orderBy(asc(discussions.createdAt), asc(discussions.id))
    .limit(500);
  return rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
}

/**
 * Posts a question (or the owner's answer); the owner is notified of others' questions, in the
 * same transaction, and hears of it (in their own language) once it commits.
 */
export async function postDiscussion(deps: Pick<Deps, 'db' | 'outbox' | 'limits'>, user: UserRow, subject: Subject, id: number, message: string, locale: Locale) {
  const item = await subjectOf(deps.db, subject, id, locale);
  await deps.limits.consume('discussionsPerUser', String(user.id));
  const row = await deps.db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(discussions)
      .values({ productId: subject === 'product' ? id : null, requestId: subject === 'request' ? id : null, userId: user.id, message })
      .returning();
    if (item.user.id !== user.id) {
      await notify(tx, item.user.id, {
        key: 'catalogue:discussion.notify',
        params: { username: user.username, name: item.name, text: message.slice(0, 140) },
        notifiableType: subject,
        notifiableId: id,
        link: `/products/${subject === 'product' ? 'marketplace' : 'request'}/${item.slug}#discussion`,
      });
    }
    return inserted;
  });
  deps.outbox.kick();
  return { id: row.id, message: row.message, created_at: row.createdAt.toISOString(), user: { id: user.id, username: user.username, name: user.name, photo_profile: user.photoProfile } };
}
