import { and, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../../db/client.ts';
import { qualified } from '../places/names-sql.ts';
import { tripProofs } from '../../db/operator-schema.ts';
import { images, trips } from '../../db/schema.ts';
import { AppErrorCode, conflict, invalid, notFound } from '../../errors.ts';

/** SQL: whether a trip has an approved proof of travel (the "confirmed trip" badge). */
export const confirmedTripSql = (tripId: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${tripProofs} where ${qualified(tripProofs.tripId)} = ${qualified(tripId)} and ${qualified(tripProofs.status)} = 'APPROVED')`;

/** The newest proof of a trip of the traveller's own, if any (PENDING, APPROVED or REJECTED). */
export async function tripProofStatus(db: DbOrTx, userId: number, tripId: number) {
  const [trip] = await db.select({ id: trips.id }).from(trips).where(and(eq(trips.id, tripId), eq(trips.userId, userId)));
  if (!trip) throw notFound('places:trip.not_found');
  const [proof] = await db.select({ status: tripProofs.status, createdAt: tripProofs.createdAt }).from(tripProofs).where(eq(tripProofs.tripId, tripId)).orderBy(desc(tripProofs.id)).limit(1);
  return { status: (proof?.status ?? null) as 'PENDING' | 'APPROVED' | 'REJECTED' | null, submitted_at: proof?.createdAt.toISOString() ?? null };
}

/**
 * A traveller sends a boarding pass or ticket image (their own upload) for one of their trips;
 * an operator checks it in the console. One proof waits at a time; a confirmed trip needs none.
 */
export async function submitTripProof(db: Db, userId: number, tripId: number, imageId: string) {
  return db.transaction(async (tx) => {
    const [trip] = await tx.select({ id: trips.id }).from(trips).where(and(eq(trips.id, tripId), eq(trips.userId, userId))).for('update');
    if (!trip) throw notFound('places:trip.not_found');
    const [image] = await tx.select({ id: images.id }).from(images).where(and(eq(images.id, imageId), eq(images.userId, userId)));
    if (!image) throw invalid({ image_id: 'orders-after:proof.image_required' });
    const [open] = await tx.select({ status: tripProofs.status }).from(tripProofs).where(and(eq(tripProofs.tripId, tripId), sql`${tripProofs.status} in ('PENDING', 'APPROVED')`)).limit(1);
    if (open?.status === 'APPROVED') throw conflict(AppErrorCode.DUPLICATE, 'orders-after:proof.already');
    if (open) await tx.delete(tripProofs).where(and(eq(tripProofs.tripId, tripId), eq(tripProofs.status, 'PENDING')));
    const [row] = await tx.insert(tripProofs).values({ tripId, userId, imageId }).returning({ id: tripProofs.id, createdAt: tripProofs.createdAt });
    return { id: row.id, status: 'PENDING' as const, submitted_at: row.createdAt.toISOString() };
  });
}
