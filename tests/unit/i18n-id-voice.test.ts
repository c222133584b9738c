import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Indonesian copy speaks in one voice (formal "Anda") and uses one word per concept
 * (docs/glossary-id.md). Every id dictionary string and every Indonesian content page is checked.
 */

const src = join(import.meta.dirname, '../../src');
const dictDir = join(src, 'lib/i18n/locales/id');
const contentDirs = ['content/banners/id', 'content/faq/id', 'content/pages/id'].map((d) => join(src, d));

function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === 'string') return [[path, value]];
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, `${path}.${k}`));
  return [];
}

/** Text a reader sees: placeholders, nested-key references, link targets, paths and addresses removed. */
const visible = (text: string) =>
  text
    .replace(/\{\{[^}]*\}\}|\$t\([^)]*\)/g, ' ')
    .replace(/\]\([^)]*\)/g, ']')
    .replace(/https?:\/\/\S+|[\w.+-]+@[\w.-]+|\/[\w/-]+/g, ' ');

/** Words ending in -mu that are not the informal possessive. */
const NOT_POSSESSIVE = new Set(['kamu', 'bertemu', 'ditemukan', 'temu', 'ilmu', 'jamu', 'tamu', 'umum']);

const RULES: { name: string; find: (text: string) => string[] }[] = [
  { name: 'informal "kamu"/"aku"/"kalian" (use "Anda"/"saya")', find: (t) => t.match(/\b(kamu|aku|kalian|-ku)\b/gi) ?? [] },
  {
    name: 'informal -mu possessive (write "koper Anda", not "kopermu")',
    find: (t) => (t.match(/\b[a-z]+-?mu\b/gi) ?? []).filter((w) => w.length > 3 && !NOT_POSSESSIVE.has(w.toLowerCase())),
  },
  { name: '"trip" (the glossary word is "perjalanan")', find: (t) => t.match(/\btrips?\b/gi) ?? [] },
  { name: '"request" (the glossary word is "permintaan")', find: (t) => t.match(/\brequests?\b/gi) ?? [] },
  { name: '"kenapa" (formal: "mengapa")', find: (t) => t.match(/\bkenapa\b/gi) ?? [] },
  { name: '"pendapatan" (the glossary word is "penghasilan")', find: (t) => t.match(/\bpendapatan\b/gi) ?? [] },
];

function offences(entries: [string, string][]) {
  return entries.flatMap(([where, text]) =>
    RULES.flatMap((rule) => rule.find(visible(text)).map((hit) => `${where}: ${rule.name}: "${hit}"`)),
  );
}

describe('Indonesian copy', () => {
  it('the rules catch what they are meant to', () => {
    const bad = offences([
      ['a', 'Ubah sisa ruang di kopermu jadi penghasilan'],
      ['b', 'Kamu bisa membatalkan'],
      ['c', 'Trip Anda tersimpan'],
      ['d', 'Request kamu diambil'],
    ]);
    expect(bad.map((b) => b.split(':')[0])).toEqual(['a', 'b', 'c', 'd', 'd']);
    expect(offences([['ok', 'Perjalanan Anda tersimpan; kita bertemu di {{trip}} (/products/request)']])).toEqual([]);
  });

  it('the id dictionaries use the formal voice and the glossary words', () => {
    const entries = readdirSync(dictDir)
      .filter((f) => f.endsWith('.json'))
      .flatMap((f) => strings(JSON.parse(readFileSync(join(dictDir, f), 'utf8')), f.replace(/\.json$/, '')));
    expect(entries.length).toBeGreaterThan(500);
    expect(offences(entries)).toEqual([]);
  });

  it('the Indonesian content pages use the formal voice', () => {
    const entries = contentDirs.flatMap((dir) =>
      readdirSync(dir)
        .filter((f) => f.endsWith('.md'))
        .map((f): [string, string] => [join(dir, f).slice(src.length + 1), readFileSync(join(dir, f), 'utf8').replace(/^---[\s\S]*?\nslug:.*$/m, '')]),
    );
    expect(entries.length).toBeGreaterThan(10);
    // The content pages name the English role words once to explain them ("pembeli (requester)").
    expect(offences(entries).filter((o) => !o.includes('"request'))).toEqual([]);
  });
});
