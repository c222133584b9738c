/**
 * `npm start`: build the site when the build is missing or older than the sources, then run the
 * server (migrations and demo data happen at start). NODE_ENV=production for React's fast build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { restartWithMallocTuning } from '../src/server/malloc-tuning.ts';

// First of all: the process may start again in place with allocator settings (see that module).
restartWithMallocTuning();

const root = new URL('..', import.meta.url).pathname;
const entry = join(root, 'dist/server/entry.mjs');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const s = statSync(path);
    newest = Math.max(newest, s.isDirectory() ? newestMtime(path) : s.mtimeMs);
  }
  return newest;
}

const sourcesChanged = () => {
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  return ['src', 'public'].some((d) => newestMtime(join(root, d)) > built) ||
    ['astro.config.mjs', 'package.json'].some((f) => statSync(join(root, f)).mtimeMs > built);
};

const env = { ...process.env, NODE_ENV: 'production' };
if (sourcesChanged()) {
  console.log('Building Titipan…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { stdio: 'inherit', env, cwd: root });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// Run the server in this process, so SIGTERM/SIGINT reach its graceful shutdown directly.
process.env.NODE_ENV = 'production';
await import('../src/server/main.ts');
