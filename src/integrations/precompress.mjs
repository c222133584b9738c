// @ts-check
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);
/** Text files worth compressing; images and fonts are compressed already. */
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/i;
/** Below this a compressed copy saves less than the header costs (the server skips them too). */
const MIN_BYTES = 1024;

/** @param {string} dir @returns {AsyncGenerator<string>} */
async function* files(dir) {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

/** Writes `file.br` and `file.gz` beside every text file in `dir` (best compression: done once). */
/** @param {string} dir */
export async function precompressDir(dir) {
  let count = 0;
  for await (const file of files(dir)) {
    if (!TEXT.test(file) || (await stat(file)).size < MIN_BYTES) continue;
    const body = await readFile(file);
    const [br, gzipped] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gz(body, { level: 9 }),
    ]);
    if (br.length < body.length) await writeFile(`${file}.br`, br);
    if (gzipped.length < body.length) await writeFile(`${file}.gz`, gzipped);
    count++;
  }
  return count;
}

/**
 * After `astro build`: brotli and gzip copies of the browser's files (dist/client), which the
 * server's static handler (sirv with `brotli`/`gzip`) sends to clients that accept them.
 */
export function precompress() {
  return {
    name: 'titipan-precompress',
    hooks: {
      /** @param {{ dir: URL, logger: { info(m: string): void } }} params */
      'astro:build:done': async ({ dir, logger }) => {
        const count = await precompressDir(fileURLToPath(dir));
        logger.info(`${count} files precompressed (.br, .gz)`);
      },
    },
  };
}
