import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema.ts';
import { invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import { inspectImage, withDecodedImage } from '../image-decoding.ts';
import type { UserRow } from './users.ts';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The image type is read from the bytes (sharp), never from the file name; the photo is
 * squared to 256 px WebP, which also strips metadata such as GPS position.
 */
export async function setProfilePhoto(deps: Pick<Deps, 'db' | 'storage' | 'now'>, user: UserRow, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw invalid({ photo: 'account:photo.required' });
  if (bytes.length > PHOTO_MAX_BYTES) throw invalid({ photo: 'account:photo.too_big' });
  const header = await inspectImage(bytes);
  if (header === 'not_image') throw invalid({ photo: 'account:photo.not_image' });
  if (header === 'too_many_pixels') throw invalid({ photo: 'account:photo.too_many_pixels' });
  const webp = await withDecodedImage<Buffer>(bytes, (image) => image.resize(256, 256, { fit: 'cover' }).webp({ quality: 82 }).toBuffer());
  const path = await deps.storage.put(`avatars/${user.id}-${randomUUID()}.webp`, webp, 'image/webp');
  await deps.db.update(users).set({ photoProfile: path, updatedAt: deps.now() }).where(eq(users.id, user.id));
  return path;
}
