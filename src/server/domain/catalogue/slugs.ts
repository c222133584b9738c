import { randomBytes } from 'node:crypto';
import { eq, getTableName } from 'drizzle-orm';
import { slugify } from '../../../lib/slug.ts';
import type { Db, Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { products, requests } from '../../db/schema.ts';

const suffixed = (base: string) => `${base}-${randomBytes(3).toString('hex')}`;

/** The name's slug ('kit-kat-matcha-uji') when no post has it yet, else with a short random suffix. */
async function candidate(db: Db, table: typeof products | typeof requests, base: string): Promise<string> {
  const [taken] = await db.select({ id: table.id }).from(table).where(eq(table.slug, base)).limit(1);
  return taken ? suffixed(base) : base;
}

/**
 * Inserts a post under a readable, unique slug, in one transaction with `insert`. The check
 * above cannot see a post being inserted at the same moment (thirty people posting
 * "iPhone 17" at once): when the unique index refuses the slug, the whole insert is tried
 * again with a random suffix. Slugs never change after posting, so shared links keep working.
 */
export async function insertWithSlug<T>(
  db: Db,
  table: typeof products | typeof requests,
  name: string,
  insert: (tx: Tx, slug: string) => Promise<T>,
): Promise<T> {
  const base = slugify(name, 80);
  const index = `${getTableName(table)}_slug_key`;
  let slug = await candidate(db, table, base);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => insert(tx, slug));
    } catch (err) {
      if (attempt >= 5 || !isUniqueViolation(err, index)) throw err;
      slug = suffixed(base);
    }
  }
}
