import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { IMAGE_MAX_BYTES, IMAGE_WIDTHS } from '../../../lib/images.ts';
import type { DbOrTx } from '../../db/client.ts';
import { images } from '../../db/schema.ts';
import { invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { inspectImage, withDecodedImage } from '../image-decoding.ts';

/**
 * Checks the bytes really are an image (by content), then stores WebP copies at each width,
 * rotated upright with metadata (GPS!) stripped. Returns the new image id.
 */
export async function storeImage(deps: Pick<Deps, 'db' | 'storage'>, userId: number, bytes: Buffer): Promise<{ id: string; width: number; height: number }> {
  if (bytes.length === 0) throw invalid({ image: 'catalogue:images.required' });
  if (bytes.length > IMAGE_MAX_BYTES) throw invalid({ image: 'catalogue:images.too_big' });
  const header = await inspectImage(bytes);
  if (header === 'not_image') throw invalid({ image: 'account:photo.not_image' });
  if (header === 'too_many_pixels') throw invalid({ image: 'catalogue:images.too_many_pixels' });
  const id = randomUUID();
  // One width after the other (each decodes the photo again), in a decoding slot; stored after
  // it, so a slow storage does not hold a slot.
  const copies = await withDecodedImage(bytes, async (upright) => {
    const out: Buffer[] = [];
    for (const width of IMAGE_WIDTHS) out.push(await upright.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer());
    return out;
  });
  for (const [i, width] of IMAGE_WIDTHS.entries()) await deps.storage.put(`images/${id}-${width}.webp`, copies[i], 'image/webp');
  const swap = header.orientation >= 5;
  const width = swap ? header.height : header.width;
  const height = swap ? header.width : header.height;
  await deps.db.insert(images).values({ id, userId, width, height });
  return { id, width, height };
}

/** Every id must be an image this user uploaded. */
export async function assertOwnImages(db: DbOrTx, userId: number, ids: string[]): Promise<void> {
  if (!ids.length) return;
  const rows = await db.select({ id: images.id }).from(images).where(and(eq(images.userId, userId), inArray(images.id, ids)));
  if (rows.length !== new Set(ids).size) throw invalid({ images: 'catalogue:images.not_yours' });
}
