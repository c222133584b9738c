/**
 * Lighthouse (mobile, the default emulation: a mid-range phone on slow 4G) against a running app
 * with the demo data: home, the marketplace, a pre-order's page, login and a dashboard page
 * (signed in as the demo traveller). Prints one row per page. Not a test.
 *
 *   BENCH_URL=http://127.0.0.1:4321 node bench/lighthouse.ts
 *
 * Runs `lighthouse` from PATH, else `npx --yes lighthouse@13`; Chromium from CHROME_PATH
 * (/usr/bin/chromium by default). BENCH_RUNS (3) runs per page; the median score is printed.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const base = (process.env.BENCH_URL ?? 'http://127.0.0.1:4321').replace(/\/$/, '');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const hasLocal = spawnSync('lighthouse', ['--version'], { encoding: 'utf8' }).status === 0;
const [cmd, pre] = hasLocal ? ['lighthouse', []] : ['npx', ['--yes', 'lighthouse@13']];

interface Report {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number }>;
}

async function session(): Promise<string> {
  const res = await fetch(`${base}/v1/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'traveller@titipan.test', password: 'titipan123' }),
  });
  const token = ((await res.json()) as { data?: { token?: string } }).data?.token;
  if (!token) throw new Error(`demo login failed (${res.status}): is the app running with demo data at ${base}?`);
  return token;
}

function lighthouse(url: string, headers?: Record<string, string>): Report {
  const dir = mkdtempSync(join(tmpdir(), 'lighthouse-'));
  try {
    const out = join(dir, 'report.json');
    const args = [
      ...pre,
      url,
      '--quiet',
      '--output=json',
      `--output-path=${out}`,
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-background-networking',
      ...(headers ? [`--extra-headers=${JSON.stringify(headers)}`] : []),
    ];
    const r = spawnSync(cmd, args, { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, CHROME_PATH: chrome } });
    if (r.status !== 0) throw new Error(`lighthouse failed on ${url} (${r.status})`);
    return JSON.parse(readFileSync(out, 'utf8')) as Report;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const token = await session();
const listing = (await (await fetch(`${base}/v1/products?per_page=1`)).json()) as { data: { rows: { slug: string }[] } };
const pages: [string, string, Record<string, string>?][] = [
  ['home', '/'],
  ['listing', '/products/marketplace'],
  ['detail', `/products/marketplace/${listing.data.rows[0]?.slug}`],
  ['login', '/login'],
  ['dashboard (trips)', '/dashboard/trip', { cookie: `titipan_session=${token}` }],
];
console.log(`Lighthouse mobile, ${runs} run(s) per page, median; ${base}, ${new Date().toISOString().slice(0, 16)}Z`);
console.log('| page | performance | LCP | TBT | CLS | accessibility | best practices | SEO |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [name, path, headers] of pages) {
  const reports = Array.from({ length: runs }, () => lighthouse(base + path, headers));
  const score = (c: string) => Math.round(100 * median(reports.map((r) => r.categories[c]?.score ?? 0)));
  const audit = (a: string) => median(reports.map((r) => r.audits[a]?.numericValue ?? NaN));
  console.log(
    `| ${name} | ${score('performance')} | ${(audit('largest-contentful-paint') / 1000).toFixed(2)} s | ${Math.round(audit('total-blocking-time'))} ms | ${audit('cumulative-layout-shift').toFixed(3)} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} |`,
  );
}
