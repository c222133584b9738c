/**
 * `npm run bench`: build, seed, start the app and measure it, on PGlite and (with
 * BENCH_DATABASE_URL, a scratch database it empties) on PostgreSQL; prints one table per engine.
 * Not a test: nothing fails on a slow figure. Needs autocannon (a devDependency) on PATH.
 *
 * BENCH_SKIP_BUILD=1 reuses dist/; BENCH_DATA_DIR reuses a PGlite directory (seeded when empty);
 * BENCH_SECONDS (10) per load run, BENCH_CONNECTIONS (10), BENCH_REPEAT (3: runs of each signed-in load row and API
 * latency series, the median reported); BENCH_PRODUCTS/USERS/ORDERS as bench/seed.ts; BENCH_PGLITE_WORKER=0
 * skips the second PGlite table (the database in a worker thread).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { jsBytes } from './js-bytes.ts';
import { BENCH_PASSWORD, benchEmail } from './seed.ts';
import { searchKeys, stats } from './search.ts';

const root = new URL('..', import.meta.url).pathname;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 4590);
const MEMORY_PORT = PORT + 1;
/** Runs of each signed-in load row and API latency series; the median run is the row's figure (single runs on a shared virtual machine vary by ±15–30 %). */
const REPEAT = Math.max(1, Number(process.env.BENCH_REPEAT ?? 3));
const node = process.execPath;
const flags = ['--disable-warning=ExperimentalWarning'];
/** The server runs with `npm run serve`'s Node flags, so its figures are the product's. */
const serveFlags = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve
  .split(/\s+/)
  .filter((arg) => arg.startsWith('--'));

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, env: { ...process.env, ...env } });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status})`);
}

function rssMb(pid: number): number {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Math.round(Number(m[1]) / 1024) : 0;
}

interface Cannon {
  rps: number;
  p99: number;
  non2xx: number;
}

/** autocannon's CLI (JSON) against one URL. */
function cannon(url: string, headers: Record<string, string> = {}): Promise<Cannon> {
  const args = ['-j', '-c', String(CONNECTIONS), '-d', String(SECONDS), ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}=${v}`]), url];
  return new Promise((resolve, reject) => {
    const child = spawn('autocannon', args, { stdio: ['ignore', 'pipe', 'ignore'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.on('error', (e) => reject(new Error(`autocannon not found on PATH (npm install, then node_modules/.bin first): ${e.message}`)));
    child.on('close', () => {
      const j = JSON.parse(out) as { requests: { average: number }; latency: { p99: number }; non2xx: number };
      resolve({ rps: Math.round(j.requests.average), p99: j.latency.p99, non2xx: j.non2xx });
    });
  });
}

/**
 * autocannon (its API: the CLI reads brackets in a URL as its own arguments) against a URL whose
 * `[<id>]` becomes a new value on every request, so no two requests ask for the same page.
 */
async function cannonUnique(url: string, headers: Record<string, string>): Promise<Cannon> {
  const autocannon = createRequire(import.meta.url)('autocannon') as (opts: object) => Promise<{ requests: { average: number }; latency: { p99: number }; non2xx: number }>;
  const j = await autocannon({ url, headers, connections: CONNECTIONS, duration: SECONDS, idReplacement: true });
  return { rps: Math.round(j.requests.average), p99: j.latency.p99, non2xx: j.non2xx };
}

/** `run` REPEAT times; the run in the middle by `by`, and every run's figure (for the spread). */
async function median<T>(run: () => Promise<T>, by: (r: T) => number): Promise<{ mid: T; all: number[] }> {
  const runs: T[] = [];
  for (let i = 0; i < REPEAT; i++) runs.push(await run());
  runs.sort((a, b) => by(a) - by(b));
  return { mid: runs[Math.floor((runs.length - 1) / 2)], all: runs.map(by) };
}
const spread = (all: number[], unit: string) => (all.length > 1 ? `; median of ${all.length} runs: ${all.map((v) => `${Number(v.toFixed(1))}`).join(', ')} ${unit}` : '');

/**
 * Sequential requests, one at a time, on one kept-alive connection: the latency a single visitor
 * sees, asking as a browser does (brotli or gzip). The body is read to its end and not decoded.
 * node:http rather than fetch: fetch's own work was ~1 ms of each request's time on this machine.
 */
const latencyAgent = new Agent({ keepAlive: true, maxSockets: 1 });
function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers: { 'accept-encoding': 'br, gzip', ...headers }, agent: latencyAgent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    })
      .on('error', reject)
      .end();
  });
}

async function latencies(urls: string[], headers: Record<string, string> = {}) {
  const samples: number[] = [];
  let failed = 0;
  for (const url of urls) {
    const t = performance.now();
    const status = await timedGet(url, headers);
    samples.push(performance.now() - t);
    if (status < 200 || status >= 300) failed++;
  }
  return { ...stats(samples), failed };
}

/**
 * Latencies in a steady state: the same requests once unmeasured, then measured. A server that has
 * been running has compiled these code paths (PGlite's WebAssembly tiers up as it runs them) and
 * has the database pages they read in memory; a first pass measures start-up.
 */
async function steadyLatencies(urls: string[], headers: Record<string, string> = {}) {
  await latencies(urls, headers);
  return latencies(urls, headers);
}

/** One GET with node:http (fetch would decode the body): status, content type and the bytes as sent. */
function rawGet(url: string, headers: Record<string, string> = {}): Promise<{ status: number; type: string; encoding?: string; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpRequest(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, type: String(res.headers['content-type'] ?? 'text/html'), encoding: res.headers['content-encoding'], body: Buffer.concat(chunks) }));
    })
      .on('error', reject)
      .end();
  });
}

/** Load runs of the app's answer and of a bare Node server answering the same bytes from memory, in the same run. */
async function againstMemory(url: string, headers: Record<string, string>): Promise<{ app: Cannon; memory: Cannon; bytes: number }> {
  const sample = await rawGet(url, headers);
  const head: Record<string, string | number> = { 'content-type': sample.type, 'content-length': sample.body.length };
  if (sample.encoding) head['content-encoding'] = sample.encoding;
  const memory = createServer((_req, out) => out.writeHead(200, head).end(sample.body));
  await new Promise<void>((r) => memory.listen(MEMORY_PORT, '127.0.0.1', r));
  const fromMemory = await cannon(`http://127.0.0.1:${MEMORY_PORT}/`, headers);
  await new Promise((r) => memory.close(r));
  return { app: await cannon(url, headers), memory: fromMemory, bytes: sample.body.length };
}

/** A figure and whether it meets the issue's goal. */
/** PGlite is measured a second time in a worker thread (PGLITE_WORKER=true) unless BENCH_PGLITE_WORKER=0. */
const WORKER_RUN = process.env.BENCH_PGLITE_WORKER !== '0';
/** The PGlite run's directory, kept for the worker-thread run. */
let pgliteDir: string | undefined;
const goal = (met: boolean, text: string) => `${met ? 'MET' : 'NOT MET'} (goal ${text})`;

async function waitUp(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

/**
 * One engine's table. `worker`: PGlite in a worker thread (PGLITE_WORKER=true), after the PGlite
 * run on the same directory; only the rows the database's thread can change (signed-in pages, API
 * latencies, memory) are measured again.
 */
async function benchEngine(kind: 'pglite' | 'postgres', databaseUrl: string | undefined, worker = false) {
  const dir = process.env.BENCH_DATA_DIR ?? (worker ? pgliteDir : undefined) ?? mkdtempSync(join(tmpdir(), 'titipan-bench-'));
  if (kind === 'pglite' && !worker) pgliteDir = dir;
  const env = { DATA_DIR: dir, DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'production', LOG_LEVEL: 'warn', PGLITE_WORKER: String(worker) };
  const seeded = kind === 'pglite' && (worker || (process.env.BENCH_DATA_DIR && existsSync(join(dir, 'db', 'PG_VERSION'))));
  if (!seeded) {
    console.log(`\n[${kind}] seeding…`);
    run(node, [...flags, 'bench/seed.ts'], env);
  }
  console.log(`[${kind}] starting the app…`);
  const server = spawn(node, [...serveFlags, 'src/server/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { ...process.env, ...env, HOST: '127.0.0.1', PORT: String(PORT), SEED_DEMO: 'false' },
  });
  const base = `http://127.0.0.1:${PORT}`;
  const rows: [string, string, string?][] = [];
  try {
    await waitUp(`${base}/login`, server);
    // Idle: after 40 guest page loads (PGlite's hot code is compiled by then) and 15 s of quiet.
    for (let i = 0; i < 40; i++) await (await fetch(`${base}${['/', '/products/marketplace', '/login', '/products/requests'][i % 4]}?page=${1 + (i >> 2)}`)).arrayBuffer();
    await new Promise((r) => setTimeout(r, 15_000));
    const idle = rssMb(server.pid!);
    let peak = idle;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid!))), 250);

    const login = await fetch(`${base}/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: benchEmail(1), password: BENCH_PASSWORD }),
    });
    const token = ((await login.json()) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`bench login failed (${login.status})`);

    const listing = (await (await fetch(`${base}/v1/products?per_page=1`)).json()) as { data: { rows: { slug: string }[] } };
    const slug = listing.data.rows[0]?.slug;
    const pages: [string, string][] = [
      ['home', '/'],
      ['listing', '/products/marketplace'],
      ['product detail', `/products/marketplace/${slug}`],
      ['login', '/login'],
    ];
    const clientDir = join(root, 'dist/client');
    const js: [string, ReturnType<typeof jsBytes>][] = [];
    for (const [name, path] of worker ? [] : pages) {
      const page = await rawGet(base + path);
      js.push([name, jsBytes(clientDir, page.body.toString('utf8'))]);
      // As a browser asks (brotli) and as a client without compression asks.
      const br = await againstMemory(base + path, { 'accept-encoding': 'br, gzip' });
      const raw = await againstMemory(base + path, {});
      const ratio = (r: typeof br) => r.app.rps / r.memory.rps;
      const line = (r: typeof br, label: string) =>
        `${label} ${Math.round(r.bytes / 1024)} KB: ${r.app.rps} req/s (p99 ${r.app.p99} ms${r.app.non2xx ? `, ${r.app.non2xx} non-2xx` : ''}) vs ${r.memory.rps} from memory = ${ratio(r).toFixed(2)}×`;
      const met = ratio(br) >= 0.5 && ratio(raw) >= 0.5 && (name !== 'login' || Math.min(br.app.rps, raw.app.rps) >= 1500);
      rows.push([`guest ${name}`, `${line(br, 'br')}; ${line(raw, 'raw')}`, goal(met, name === 'login' ? '≥ 0.5× and ≥ 1,500 req/s' : '≥ 0.5×')]);
    }
    const cookie = { cookie: `titipan_session=${token}`, 'accept-encoding': 'br, gzip' };
    const ssrGoal = kind === 'postgres' ? 600 : 400;
    const figure = (r: Cannon) => `${r.rps} req/s (p99 ${r.p99} ms${r.non2xx ? `, ${r.non2xx} non-2xx` : ''})`;
    // Signed in, the page is rendered for each request around the listing's shared part (the
    // cards every visitor of that URL sees, rendered once and kept until a write: README, "Page
    // cache"). Cold: every request is a URL nobody asked for before, so the cards are read and
    // rendered from the database each time too.
    const ssr = await median(() => cannon(`${base}/products/marketplace`, cookie), (r) => r.rps);
    rows.push(['logged-in listing (page rendered per request, cards kept)', figure(ssr.mid) + spread(ssr.all, 'req/s'), goal(ssr.mid.rps >= ssrGoal, `≥ ${ssrGoal} req/s`)]);
    const cold = await median(() => cannonUnique(`${base}/products/marketplace?v=[<id>]`, cookie), (r) => r.rps);
    rows.push(['logged-in listing, cold (every request a new URL)', figure(cold.mid) + spread(cold.all, 'req/s'), goal(cold.mid.rps >= ssrGoal, `≥ ${ssrGoal} req/s`)]);
    const underLoad = peak;

    const keys = searchKeys(300);
    const fmt = (s: Awaited<ReturnType<typeof latencies>>) => `p50 ${s.p50.toFixed(1)} / p95 ${s.p95.toFixed(1)} / p99 ${s.p99.toFixed(1)} ms (n=${s.n}${s.failed ? `, ${s.failed} failed` : ''})`;
    // The median series by p95 (each series after one unmeasured pass).
    const suggestions = await median(() => steadyLatencies(keys.map((k) => `${base}/v1/misc/suggestions?key=${k}`)), (s) => s.p95);
    rows.push(['API suggestions', fmt(suggestions.mid) + spread(suggestions.all, 'ms p95'), goal(suggestions.mid.p95 <= 5, 'p95 ≤ 5 ms')]);
    const searched = await median(() => steadyLatencies(keys.slice(0, 150).map((k) => `${base}/v1/products?search=${k}&per_page=24`)), (s) => s.p95);
    rows.push(['API searched listing (24)', fmt(searched.mid) + spread(searched.all, 'ms p95'), goal(searched.mid.p95 <= 20, 'p95 ≤ 20 ms')]);
    const auth = { authorization: `Bearer ${token}` };
    const mine = (await (await fetch(`${base}/v1/transactions?per_page=50`, { headers: auth })).json()) as { data?: { rows?: { id: number }[] } };
    const ids = (mine.data?.rows ?? []).map((t) => t.id);
    if (ids.length) rows.push(['API transaction detail', fmt(await steadyLatencies(Array.from({ length: 200 }, (_, i) => `${base}/v1/transactions/${ids[i % ids.length]}`), auth))]);
    else rows.push(['API transaction detail', 'no orders of the bench user found']);

    clearInterval(sampler);
    for (const [name, b] of worker ? [] : js)
      rows.push([
        `JS gzip ${name}`,
        `${(b.before / 1024).toFixed(1)} KB before interaction (${b.beforeFiles} files), ${(b.after / 1024).toFixed(1)} KB after (${b.afterFiles})${b.used > b.after ? `, ${(b.used / 1024).toFixed(1)} KB with every island in use` : ''}`,
        goal(b.before <= 15 * 1024 && b.after <= 100 * 1024, '≤ 15 KB before, ≤ 100 KB after'),
      ]);
    rows.push(['RSS', `${idle} MB idle, ${underLoad} MB peak under load`, kind === 'pglite' ? goal(idle <= 250 && underLoad <= 500, '≤ 250 MB idle, ≤ 500 MB under load') : '(the goal is set for PGlite)']);
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    const reusedByWorkerRun = kind === 'pglite' && !worker && WORKER_RUN;
    if (!process.env.BENCH_DATA_DIR && !reusedByWorkerRun) rmSync(dir, { recursive: true, force: true });
  }
  const width = Math.max(...rows.map((r) => r[0].length));
  console.log(`\n## ${kind}${worker ? ' in a worker thread (PGLITE_WORKER=true)' : ''} — ${new Date().toISOString().slice(0, 16)}Z, ${SECONDS} s × ${CONNECTIONS} connections per load run`);
  for (const [k, v, g] of rows) console.log(`${k.padEnd(width)}  ${v}${g ? `  → ${g}` : ''}`);
}

if (!process.env.BENCH_SKIP_BUILD) {
  console.log('building…');
  run(node, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], { NODE_ENV: 'production' });
}
await benchEngine('pglite', undefined);
if (WORKER_RUN) await benchEngine('pglite', undefined, true);
if (process.env.BENCH_DATABASE_URL) await benchEngine('postgres', process.env.BENCH_DATABASE_URL);
latencyAgent.destroy();
