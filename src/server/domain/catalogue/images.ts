import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import sharp from 'sharp';
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS } from '../../../lib/images.ts';
import type { Db } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import { invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';

const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);

/**
 * Checks the bytes really are an image (by content), then stores WebP copies at each width,
 * rotated upright with metadata (GPS!) stripped. Returns the new image id.
 */
export async function storeImage(deps: Pick<Deps, 'db' | 'storage'>, userId: number, bytes: Buffer): Promise<{ id: string; width: number; height: number }> {
  if (bytes.length === 0) throw invalid({ image: 'catalogue:images.required' });
  if (bytes.length > IMAGE_MAX_BYTES) throw invalid({ image: 'catalogue:images.too_big' });
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>['metadata']>>;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw invalid({ image: 'places:photo.not_image' });
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) throw invalid({ image: 'places:photo.not_image' });
  const id = randomUUID();
  const upright = sharp(bytes).rotate();
  for (const width of IMAGE_WIDTHS) {
    const out = await upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
    await deps.storage.put(`images/${id}-${width}.webp`, out, 'image/webp');
  }
  const swap = (meta.orientation ?? 1) >= 5;
  const width = swap ? meta.height : meta.width;
  const height = swap ? meta.width : meta.height;
  await deps.db.insert(images).values({ id, userId, width, height });
  return { id, width, height };
}

/** Every id must be an image this user uploaded. */
export async function assertOwnImages(db: Db, userId: number, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db.select({ id: images.id }).from(images).where(and(eq(images.userId, userId), inArray(images.id, ids)));
  if (rows.length !== new Set(ids).size) throw invalid({ images: 'catalogue:images.not_yours' });
}
