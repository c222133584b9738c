import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { users } from '../../db/schema.ts';
import { invalid } from '../../errors.ts';
import type { Deps } from '../deps.ts';
import type { UserRow } from './users.ts';

export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);

/**
 * The image type is read from the bytes (sharp), never from the file name; the photo is
 * squared to 256 px WebP, which also strips metadata such as GPS position.
 */
export async function setProfilePhoto(deps: Pick<Deps, 'db' | 'storage' | 'now'>, user: UserRow, bytes: Buffer): Promise<string> {
  if (bytes.length === 0) throw invalid({ photo: 'places:photo.required' });
  if (bytes.length > PHOTO_MAX_BYTES) throw invalid({ photo: 'places:photo.too_big' });
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    format = undefined;
  }
  if (!format || !ACCEPTED.has(format)) throw invalid({ photo: 'places:photo.not_image' });
  const webp = await sharp(bytes).rotate().resize(256, 256, { fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  const path = await deps.storage.put(`avatars/${user.id}-${randomUUID()}.webp`, webp, 'image/webp');
  await deps.db.update(users).set({ photoProfile: path, updatedAt: deps.now() }).where(eq(users.id, user.id));
  return path;
}
