/**
 * Markdown content edited without touching code (see docs/editing-content.md). Each collection
 * keeps one file per language: src/content/{collection}/{en|id}/{slug}.md, so entry ids are
 * 'en/how-payment-works' and 'id/how-payment-works'; src/lib/content/entries.ts picks the
 * visitor's language and falls back to English.
 */
import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { bannerSchema, faqSchema, pageSchema } from './lib/content/schemas.ts';

const markdownIn = (collection: string) => glob({ pattern: '{en,id}/*.md', base: `./src/content/${collection}` });

export const collections = {
  faq: defineCollection({ loader: markdownIn('faq'), schema: faqSchema }),
  pages: defineCollection({ loader: markdownIn('pages'), schema: pageSchema }),
  banners: defineCollection({ loader: markdownIn('banners'), schema: bannerSchema }),
};
