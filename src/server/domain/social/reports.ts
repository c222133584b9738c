import { reports } from '../../db/schema.ts';
import type { Deps } from '../deps.ts';
import type { Locale } from '../../../lib/i18n/index.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { getProductById } from '../catalogue/products.ts';
import { getRequestById } from '../catalogue/requests.ts';

/** One report per user per item, kept for moderation. */
export async function reportItem(deps: Pick<Deps, 'db' | 'limits'>, reporterId: number, mode: 'product' | 'request', id: number, reason: string, locale: Locale) {
  const { db } = deps;
  const item = mode === 'product' ? await getProductById(db, id, locale) : await getRequestById(db, id, locale);
  if (!item) throw notFound(mode === 'product' ? 'catalogue:product.not_found' : 'catalogue:request.not_found');
  if (item.user.id === reporterId) throw new AppError('SELF_ACTION', { key: 'catalogue:report.own' });
  await deps.limits.consume('reportsPerUser', String(reporterId));
  const inserted = await db
    .insert(reports)
    .values({ reporterId, productId: mode === 'product' ? id : null, requestId: mode === 'request' ? id : null, reason })
    .onConflictDoNothing()
    .returning({ id: reports.id });
  if (!inserted.length) throw conflict('DUPLICATE', 'catalogue:report.already');
}
