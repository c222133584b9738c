import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = new URL('../../src/server/db/migrations/', import.meta.url);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', folder), 'utf8')) as { entries: { idx: number; when: number; tag: string }[] };

/**
 * drizzle's migrator applies to an existing database only the migrations whose journal time is
 * later than the last one it applied there: a migration stamped earlier than its predecessor runs
 * on new databases (every test's) but is skipped on every database already in use.
 */
describe('the migrations journal', () => {
  it('stamps each migration later than the one before it, in file order', () => {
    journal.entries.forEach((entry, i) => {
      expect(entry.idx).toBe(i);
      expect(entry.tag.startsWith(String(i).padStart(4, '0'))).toBe(true);
      if (i > 0) expect(entry.when, `${entry.tag} is stamped before ${journal.entries[i - 1].tag}`).toBeGreaterThan(journal.entries[i - 1].when);
    });
  });

  it('names a SQL file for every entry', () => {
    for (const entry of journal.entries) expect(existsSync(new URL(`${entry.tag}.sql`, folder)), entry.tag).toBe(true);
  });
});
