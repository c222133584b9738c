import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseFrontmatter } from 'astro/markdown';
import { describe, expect, it } from 'vitest';
import { isBannerActive } from '../../src/lib/content/banner-schedule.ts';
import { bannerSchema, faqCategories, faqSchema, pageSchema } from '../../src/lib/content/schemas.ts';

/**
 * The Markdown content as editors leave it, checked without a build: every entry in both
 * languages, front matter valid against the same schemas the build uses, language-independent
 * fields equal in both versions, and links between entries pointing somewhere real.
 */

const root = join(import.meta.dirname, '../..');
const contentDir = join(root, 'src/content');
const schemas = { faq: faqSchema, pages: pageSchema, banners: bannerSchema } as const;
type Collection = keyof typeof schemas;
const collections = Object.keys(schemas) as Collection[];

const slugs = (collection: Collection, lang: string) =>
  readdirSync(join(contentDir, collection, lang))
    .filter((f) => f.endsWith('.md'))
    .map((f) => f.slice(0, -3))
    .sort();

function read(collection: Collection, lang: string, slug: string) {
  const source = readFileSync(join(contentDir, collection, lang, `${slug}.md`), 'utf8');
  const { frontmatter, content } = parseFrontmatter(source);
  return { data: schemas[collection].parse(frontmatter) as Record<string, unknown>, body: content };
}

/** Fields that describe the entry, not its wording: both languages must agree on them. */
const sharedFields: Record<Collection, string[]> = {
  faq: ['category', 'order', 'draft'],
  pages: ['order', 'effective', 'toc', 'draft'],
  banners: ['image', 'link', 'order', 'startsAt', 'endsAt', 'draft'],
};

describe('content collections', () => {
  for (const collection of collections) {
    describe(collection, () => {
      it('has every entry in English and in Indonesian', () => {
        expect(slugs(collection, 'en').length).toBeGreaterThan(0);
        expect(slugs(collection, 'id')).toEqual(slugs(collection, 'en'));
      });

      it('uses URL-safe file names', () => {
        for (const slug of slugs(collection, 'en')) expect(slug).toMatch(/^[a-z0-9][a-z0-9-]*$/);
      });

      for (const slug of slugs(collection, 'en')) {
        it(`${slug}: valid front matter, same shared fields in both languages, non-empty body`, () => {
          const en = read(collection, 'en', slug);
          const id = read(collection, 'id', slug);
          for (const field of sharedFields[collection]) expect({ field, value: id.data[field] }).toEqual({ field, value: en.data[field] });
          expect(en.data.title).not.toEqual(id.data.title);
          expect(en.body.trim().length).toBeGreaterThan(50);
          expect(id.body.trim().length).toBeGreaterThan(50);
        });
      }
    });
  }

  it('the FAQ has 10 to 14 questions and every category has at least one', () => {
    const entries = slugs('faq', 'en').map((slug) => read('faq', 'en', slug).data);
    expect(entries.length).toBeGreaterThanOrEqual(10);
    expect(entries.length).toBeLessThanOrEqual(14);
    for (const category of faqCategories) expect(entries.filter((e) => e.category === category).length, category).toBeGreaterThan(0);
  });

  it('has the six fixed pages the routes render', () => {
    expect(slugs('pages', 'en')).toEqual(['about-us', 'contact-us', 'help-centre', 'privacy-policy', 'term-condition', 'way-of-work']);
  });

  it('banner images exist under public/', () => {
    for (const slug of slugs('banners', 'en')) {
      const { image } = read('banners', 'en', slug).data as { image: string };
      expect(existsSync(join(root, 'public', image)), image).toBe(true);
    }
  });

  it('links between entries point to pages that exist', () => {
    const faqSlugs = new Set(slugs('faq', 'en'));
    const sitePaths = new Set([
      ...slugs('pages', 'en').map((s) => `/${s}`),
      ...['/', '/faq', '/banner', '/products/marketplace', '/products/request', '/post/make-request', '/post/pre-order'],
    ]);
    const broken: string[] = [];
    for (const collection of collections) {
      for (const lang of ['en', 'id']) {
        for (const slug of slugs(collection, lang)) {
          const { body } = read(collection, lang, slug);
          for (const [, href] of body.matchAll(/\]\((\/[^)\s]*)\)/g)) {
            const path = href.split('#')[0];
            const ok = path.startsWith('/faq/') ? faqSlugs.has(path.slice('/faq/'.length)) : sitePaths.has(path);
            if (!ok) broken.push(`${collection}/${lang}/${slug}.md → ${href}`);
          }
        }
      }
    }
    expect(broken).toEqual([]);
  });
});

describe('banner schedule', () => {
  const window = { startsAt: new Date('2026-11-01'), endsAt: new Date('2026-12-15') };

  it('runs from the first to the last day inclusive, in Indonesian time (WIB, UTC+7)', () => {
    expect(isBannerActive(window, new Date('2026-10-31T16:59:00Z'))).toBe(false); // 31 Oct 23:59 WIB
    expect(isBannerActive(window, new Date('2026-10-31T17:00:00Z'))).toBe(true); // 1 Nov 00:00 WIB
    expect(isBannerActive(window, new Date('2026-12-15T16:59:00Z'))).toBe(true); // 15 Dec 23:59 WIB
    expect(isBannerActive(window, new Date('2026-12-15T17:00:00Z'))).toBe(false); // 16 Dec 00:00 WIB
  });

  it('without an end date, runs from its start on', () => {
    expect(isBannerActive({ startsAt: new Date('2026-01-01') }, new Date('2031-06-01T00:00:00Z'))).toBe(true);
    expect(isBannerActive({ startsAt: new Date('2026-01-01') }, new Date('2025-12-31T12:00:00Z'))).toBe(false);
  });

  it('rejects a banner that ends before it starts', () => {
    const base = { title: 'Sale', subtitle: 'A sale', image: '/banners/escrow.svg', link: '/faq', linkLabel: 'Go' };
    expect(bannerSchema.safeParse({ ...base, startsAt: '2026-12-01', endsAt: '2026-11-01' }).success).toBe(false);
    expect(bannerSchema.safeParse({ ...base, startsAt: '2026-11-01', endsAt: '2026-12-01' }).success).toBe(true);
    expect(bannerSchema.safeParse({ ...base, link: '//evil.example', startsAt: '2026-11-01' }).success).toBe(false);
  });
});
