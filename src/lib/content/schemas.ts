/**
 * Front matter of the Markdown content collections (src/content/{faq,pages,banners}/{en,id}/*.md).
 * One schema per collection; src/content.config.ts attaches them, so `astro build` fails with the
 * file name and field when an editor's front matter is wrong. Plain module: tests import it too.
 */
import { z } from 'astro/zod';

/** FAQ groups, in the order the FAQ and the help centre show them (labels: content:faq.categories.*). */
export const faqCategories = ['ordering', 'payment', 'shipping', 'travellers', 'refunds', 'account'] as const;
export type FaqCategory = (typeof faqCategories)[number];

/** A calendar day in YAML (`2026-11-20`), kept as a Date at UTC midnight. */
const day = z.coerce.date();

export const faqSchema = z.object({
  /** The question, as the visitor would ask it. */
  title: z.string().min(5),
  /** One-sentence answer: shown as the search-engine description. */
  description: z.string().min(10).max(300),
  category: z.enum(faqCategories),
  /** Position inside its category, smallest first. */
  order: z.number().int().min(0),
  updated: day,
  draft: z.boolean().default(false),
});

export const pageSchema = z.object({
  title: z.string().min(2),
  description: z.string().min(10).max(300),
  /** Position in page lists (help centre), smallest first. */
  order: z.number().int().min(0).default(0),
  updated: day,
  /** Legal texts: the day the version takes effect. */
  effective: day.optional(),
  /** Show an "On this page" list built from the ## headings. */
  toc: z.boolean().default(false),
  draft: z.boolean().default(false),
});

export const bannerSchema = z
  .object({
    title: z.string().min(2).max(90),
    subtitle: z.string().min(2).max(200),
    /** A file under public/, e.g. /banners/escrow.svg; decorative (the title is real text). */
    image: z.string().regex(/^\/[\w/.-]+\.(svg|png|jpe?g|webp|avif)$/, 'a path under public/, like /banners/name.svg'),
    /** Where the banner's button goes: a path on this site or an https URL. */
    link: z.string().regex(/^(\/(?!\/)|https:\/\/)/, 'a site path (/…) or an https:// URL'),
    linkLabel: z.string().min(2).max(40),
    order: z.number().int().min(0).default(0),
    /** First and last calendar day (Asia/Jakarta) the banner shows; no end = open-ended. */
    startsAt: day,
    endsAt: day.optional(),
    draft: z.boolean().default(false),
  })
  .refine((b) => !b.endsAt || b.endsAt >= b.startsAt, { message: 'endsAt must not be before startsAt', path: ['endsAt'] });

export type FaqData = z.infer<typeof faqSchema>;
export type PageData = z.infer<typeof pageSchema>;
export type BannerData = z.infer<typeof bannerSchema>;
