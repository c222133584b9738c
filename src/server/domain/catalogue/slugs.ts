import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { slugify } from '../../../lib/slug.ts';
import type { Db } from '../../db/client.ts';
import { products, requests } from '../../db/schema.ts';

/**
 * A readable, unique slug from the name ('kit-kat-matcha-uji'); a short random suffix when the
 * name is taken. Slugs never change after posting, so shared links keep working.
 */
export async function uniqueSlug(db: Db, table: typeof products | typeof requests, name: string): Promise<string> {
  const base = slugify(name, 80);
  for (let attempt = 0; attempt < 6; attempt++) {
    const slug = attempt === 0 ? base : `${base}-${randomBytes(3).toString('hex')}`;
    const [taken] = await db.select({ id: table.id }).from(table).where(eq(table.slug, slug)).limit(1);
    if (!taken) return slug;
  }
  return `${base}-${randomBytes(6).toString('hex')}`;
}
