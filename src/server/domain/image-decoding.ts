import pLimit from 'p-limit';
import type { Metadata, Sharp } from 'sharp';

/**
 * The most pixels an uploaded photo may have: 50 megapixels. Phone cameras save 12–50 MP
 * (8064 × 6048 on today's 48 MP sensors; the "200 MP" modes are opt-in). Decoded, such a photo
 * takes about 200 MB (4 bytes a pixel) — at sharp's default limit of 268 MP it would be 1 GB,
 * and a small PNG can claim that many pixels. A header claiming more is refused undecoded.
 */
export const MAX_INPUT_PIXELS = 50_000_000;

/**
 * How many uploads are decoded at once; the rest wait their turn. With the pixel limit this
 * bounds image memory to about 2 × 200 MB however many people upload at the same moment.
 */
export const DECODE_CONCURRENCY = 2;

const slots = pLimit(DECODE_CONCURRENCY);
/** sharp (and libvips) load with the first upload, not with the server (memory: README). */
const loadSharp = async () => (await import('sharp')).default;
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif']);

export interface ImageHeader {
  width: number;
  height: number;
  /** EXIF orientation; 5–8 mean the picture is stored on its side. */
  orientation: number;
}

/**
 * What the bytes are, read from their header only (never from a file name): an accepted image
 * within the pixel limit, or why not.
 */
export async function inspectImage(bytes: Buffer): Promise<ImageHeader | 'not_image' | 'too_many_pixels'> {
  let meta: Metadata;
  try {
    const sharp = await loadSharp();
    meta = await sharp(bytes).metadata();
  } catch {
    return 'not_image';
  }
  if (!meta.format || !ACCEPTED.has(meta.format) || !meta.width || !meta.height) return 'not_image';
  if (meta.width * meta.height > MAX_INPUT_PIXELS) return 'too_many_pixels';
  return { width: meta.width, height: meta.height, orientation: meta.orientation ?? 1 };
}

/**
 * Decodes and re-encodes in one of the decoding slots. `work` gets a sharp pipeline of the bytes,
 * rotated upright, that refuses to decode more than MAX_INPUT_PIXELS whatever the header said.
 */
export function withDecodedImage<T>(bytes: Buffer, work: (image: Sharp) => Promise<T>): Promise<T> {
  return slots(async () => work((await loadSharp())(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate()));
}

/** How many decodings run now and how many wait (tests, diagnostics). */
export const decodingLoad = () => ({ active: slots.activeCount, pending: slots.pendingCount });
