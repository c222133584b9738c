/**
 * `npm test`: every runner, one summary line.
 *   0. the dependency lint (scripts/lint.ts): one count per rule
 *   1. vitest unit + API on PGlite
 *   2. vitest API again on PostgreSQL when TEST_DATABASE_URL is set (CI sets it), then `ledger:check` on that database
 *   3. astro build, then the multi-instance test (vitest `deploy`: two built servers behind nginx on
 *      PostgreSQL, Redis and an S3 model; it says why when it skips), then Playwright e2e in Chromium
 * Ends with `N passed, N failed` summing all of them; exits non-zero when anything failed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const results = join(root, 'test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });
const bin = (name: string) => join(root, 'node_modules/.bin', name);
const only = new Set((process.env.TEST_ONLY ?? 'lint,unit,api,postgres,deploy,e2e').split(','));

interface Tally {
  name: string;
  passed: number;
  failed: number;
  skipped: number;
  ran: boolean;
}
const tallies: Tally[] = [];

function run(name: string, cmd: string, args: string[], env: Record<string, string | undefined>, read: () => Omit<Tally, 'name' | 'ran'>) {
  console.log(`\n=== ${name} ===`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  let counts: Omit<Tally, 'name' | 'ran'>;
  try {
    counts = read();
  } catch {
    counts = { passed: 0, failed: 0, skipped: 0 };
  }
  // A runner that crashed before reporting still counts as a failure.
  if (res.status !== 0 && counts.failed === 0) counts.failed = 1;
  tallies.push({ name, ran: true, ...counts });
}

function vitestCounts(file: string) {
  return () => {
    const r = JSON.parse(readFileSync(file, 'utf8'));
    return { passed: r.numPassedTests, failed: r.numFailedTests, skipped: r.numPendingTests + (r.numTodoTests ?? 0) };
  };
}

const vitestArgs = (projects: string[], out: string) => [
  'run',
  ...projects.flatMap((p) => ['--project', p]),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${out}`,
];

if (only.has('lint')) {
  const out = join(results, 'lint.json');
  run('lint (dependency rules)', process.execPath, [join(root, 'scripts/lint.ts'), '--json', out], {}, () => ({ ...JSON.parse(readFileSync(out, 'utf8')), skipped: 0 }));
}

const vitestProjects = ['unit', 'api'].filter((p) => only.has(p));
if (vitestProjects.length) {
  const out = join(results, 'vitest-pglite.json');
  run(`vitest (${vitestProjects.join(' + ')}, PGlite)`, bin('vitest'), vitestArgs(vitestProjects, out), { API_DB: 'pglite' }, vitestCounts(out));
}

if (only.has('postgres')) {
  if (process.env.TEST_DATABASE_URL) {
    const out = join(results, 'vitest-postgres.json');
    run('vitest (api, PostgreSQL)', bin('vitest'), vitestArgs(['api'], out), { API_DB: 'postgres' }, vitestCounts(out));
    // After the whole suite, every rupiah it moved is still accounted for (the PGlite run checks its
    // own database when it ends; this is the same check as an operator runs it).
    const ledger = spawnSync(process.execPath, [join(root, 'scripts/ledger-check.ts')], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, DATABASE_URL: process.env.TEST_DATABASE_URL },
    });
    tallies.push({ name: 'ledger:check (PostgreSQL)', ran: true, passed: ledger.status === 0 ? 1 : 0, failed: ledger.status === 0 ? 0 : 1, skipped: 0 });
  } else {
    console.log('\n(TEST_DATABASE_URL not set: the API suite ran on PGlite only)');
  }
}

if (only.has('deploy') || only.has('e2e')) {
  console.log('\n=== build ===');
  const build = spawnSync(process.execPath, [join(root, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (build.status !== 0) tallies.push({ name: 'build', ran: true, passed: 0, failed: 1, skipped: 0 });
  if (build.status === 0 && only.has('deploy')) {
    const out = join(results, 'vitest-deploy.json');
    run('vitest (deploy: two instances behind nginx)', bin('vitest'), vitestArgs(['deploy'], out), {}, vitestCounts(out));
  }
  if (build.status === 0 && only.has('e2e')) {
    const out = join(results, 'e2e.json');
    run('playwright (e2e, Chromium)', bin('playwright'), ['test'], {}, () => {
      if (!existsSync(out)) throw new Error('no report');
      const s = JSON.parse(readFileSync(out, 'utf8')).stats;
      return { passed: s.expected + s.flaky, failed: s.unexpected, skipped: s.skipped };
    });
  }
}

console.log('\n=== summary ===');
for (const t of tallies) console.log(`${t.name}: ${t.passed} passed, ${t.failed} failed, ${t.skipped} skipped`);
const passed = tallies.reduce((n, t) => n + t.passed, 0);
const failed = tallies.reduce((n, t) => n + t.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
