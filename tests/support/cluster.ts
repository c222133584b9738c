/**
 * Several real Titipan processes behind a real nginx, on PostgreSQL, Redis and an S3 model: what
 * docs/deploying.md describes, started on loopback for the multi-instance test and the benchmark.
 * nginx runs deploy/nginx.conf as it is, with only its addresses changed (upstreams, listen).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createClient } from 'redis';

const root = new URL('../../', import.meta.url).pathname;
export const NGINX = '/usr/sbin/nginx';

/** A port nobody listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The PostgreSQL and Redis the multi-instance setup needs (TEST_DATABASE_URL, TEST_REDIS_URL, or
 * this machine's defaults), or why they cannot be had.
 */
export async function sharedServices(): Promise<{ databaseUrl: string; redisUrl: string } | { missing: string }> {
  const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
  const pgClient = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 2000 });
  try {
    await pgClient.connect();
    await pgClient.query('select 1');
  } catch (err) {
    return { missing: `PostgreSQL at ${databaseUrl} (${(err as Error).message})` };
  } finally {
    await pgClient.end().catch(() => {});
  }
  const redis = createClient({ url: redisUrl, socket: { connectTimeout: 2000, reconnectStrategy: false } });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
  } catch (err) {
    return { missing: `Redis at ${redisUrl} (${(err as Error).message})` };
  } finally {
    await redis.quit().catch(() => {});
  }
  return { databaseUrl, redisUrl };
}

/** A database of its own on the server `baseUrl` names, dropped by `drop()`. */
export async function scratchDatabase(baseUrl: string, prefix = 'titipan_multi'): Promise<{ url: string; query: (text: string, params?: unknown[]) => Promise<pg.QueryResult>; drop(): Promise<void> }> {
  const name = `${prefix}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.href, max: 2 });
  return {
    url: url.href,
    query: (text, params) => pool.query(text, params),
    async drop() {
      await pool.end();
      const again = new pg.Client({ connectionString: baseUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export interface Instance {
  port: number;
  url: string;
  dataDir: string;
  /** The instance's log so far, one parsed JSON line each. */
  log(): Record<string, any>[];
  /** Sends a signal; resolves with the exit code once the process ended. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  exited: Promise<number | null>;
}

async function waitFor(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} not ready after ${timeoutMs} ms`);
}

/** `npm run serve` (the built server) with `env`; resolves once its /readyz answers 200. */
export async function startInstance(env: Record<string, string>, opts: { port?: number } = {}): Promise<Instance> {
  if (!existsSync(join(root, 'dist/server/entry.mjs'))) throw new Error('No build: run `npm run build` first (npm test builds before this test)');
  const port = opts.port ?? (await freePort());
  const dataDir = env.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'titipan-instance-'));
  const proc: ChildProcess = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', join(root, 'src/server/main.ts')], {
    cwd: root,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  let partial = '';
  proc.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    const parts = (partial + chunk).split('\n');
    partial = parts.pop()!;
    lines.push(...parts.filter(Boolean));
  });
  const errors: string[] = [];
  proc.stderr!.setEncoding('utf8').on('data', (chunk: string) => errors.push(chunk));
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  await waitFor(async () => {
    if (gone) throw new Error(`instance on ${port} exited: ${errors.join('')}`);
    return (await fetch(`${url}/readyz`)).status === 200;
  }, `instance on ${port}`, 180_000).catch((err) => {
    proc.kill('SIGKILL');
    throw new Error(`${(err as Error).message}\n${errors.join('').slice(-2000)}\n${lines.slice(-20).join('\n')}`);
  });
  return {
    port,
    url,
    dataDir,
    log: () => lines.flatMap((l) => {
      try {
        return [JSON.parse(l)];
      } catch {
        return [];
      }
    }),
    async stop(signal = 'SIGTERM') {
      if (!gone) proc.kill(signal);
      return exited;
    },
    exited,
  };
}

/** deploy/nginx.conf with only the addresses changed: the upstream servers and the listen port. */
export function nginxSiteConfig(upstreamPorts: number[], listenPort: number): string {
  const shipped = readFileSync(join(root, 'deploy/nginx.conf'), 'utf8');
  const servers = [...shipped.matchAll(/^(\s*)server 127\.0\.0\.1:\d+( [^;\n]*)?;$/gm)];
  if (servers.length < 1) throw new Error('deploy/nginx.conf: no `server 127.0.0.1:PORT …;` lines in its upstream block');
  const [indent, params] = [servers[0][1], servers[0][2] ?? ''];
  let site = shipped.replace(servers.map((m) => m[0]).join('\n'), upstreamPorts.map((p) => `${indent}server 127.0.0.1:${p}${params};`).join('\n'));
  if (site === shipped) throw new Error('deploy/nginx.conf: its upstream servers are not on consecutive lines');
  const listens = site.match(/^\s*listen 80;$/gm);
  if (listens?.length !== 1) throw new Error('deploy/nginx.conf: expected one `listen 80;`');
  site = site.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${listenPort};`);
  return site;
}

export interface Proxy {
  port: number;
  url: string;
  /** Which upstream port answered the request sent with this X-Request-Id (from nginx's access log). */
  servedBy(requestId: string): Promise<number>;
  /** Every access-log line so far: request id, upstream port(s), status, method, URI. */
  accessLog(): { id: string; upstreams: number[]; status: number; method: string; uri: string }[];
  stop(): Promise<void>;
}

/** nginx (Debian's) as a process of this test, on deploy/nginx.conf, in front of `upstreamPorts`. */
export async function startNginx(upstreamPorts: number[], listenPort?: number): Promise<Proxy> {
  const port = listenPort ?? (await freePort());
  const dir = mkdtempSync(join(tmpdir(), 'titipan-nginx-'));
  // nginx started as root runs its worker as nobody: it must be able to write its temporary files.
  for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) mkdirSync(join(dir, sub));
  for (const sub of ['', 'body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) chmodSync(join(dir, sub), 0o777);
  writeFileSync(join(dir, 'titipan.conf'), nginxSiteConfig(upstreamPorts, port));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  log_format upstreams '$http_x_request_id|$upstream_addr|$status|$request_method|$request_uri';
  access_log ${dir}/access.log upstreams;
  include ${dir}/titipan.conf;
}
`,
  );
  const test = spawn(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'pipe', 'pipe'] });
  const checked = await new Promise<{ code: number | null; out: string }>((resolve) => {
    let out = '';
    test.stderr!.on('data', (c) => (out += c));
    test.once('exit', (code) => resolve({ code, out }));
  });
  if (checked.code !== 0) throw new Error(`nginx -t refused the configuration:\n${checked.out}`);
  const proc = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'pipe'] });
  const exited = new Promise<void>((resolve) => proc.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  await waitFor(async () => (await fetch(`${url}/healthz`)).status === 200, 'nginx', 10_000);
  const accessLog = () =>
    (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : '')
      .split('\n')
      .filter(Boolean)
      .map((line) => {
        const [id, upstreams, status, method, uri] = line.split('|');
        return { id, upstreams: [...upstreams.matchAll(/:(\d+)/g)].map((m) => Number(m[1])), status: Number(status), method, uri };
      });
  return {
    port,
    url,
    accessLog,
    async servedBy(requestId) {
      const until = Date.now() + 3000;
      while (Date.now() < until) {
        const line = accessLog().find((l) => l.id === requestId);
        if (line) return line.upstreams.at(-1)!;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error(`no access-log line for ${requestId}`);
    },
    async stop() {
      proc.kill('SIGQUIT');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What every instance of one deployment shares: secrets and settings a deployment sets once. */
export function sharedEnvironment(opts: { databaseUrl: string; redisUrl: string; publicUrl: string; s3: Record<string, string> }): Record<string, string> {
  const secret = () => randomBytes(24).toString('hex');
  return {
    DATABASE_URL: opts.databaseUrl,
    REDIS_URL: opts.redisUrl,
    // Channels of this run's own: other runs on the same Redis do not hear it.
    REDIS_PREFIX: `titipan-test-${randomBytes(4).toString('hex')}`,
    PUBLIC_URL: opts.publicUrl,
    TRUST_PROXY: '1',
    PUSHER_SECRET: secret(),
    SANDBOX_PAYMENT_SECRET: secret(),
    SANDBOX_PAYOUT_SECRET: secret(),
    SEED_DEMO: 'false',
    // Every test request comes from this machine, through the proxy: one client address.
    LIMIT_LOGIN_FAILURES_PER_IP: '100000',
    LIMIT_REGISTRATIONS_PER_IP: '100000',
    LIMIT_RESET_MAILS_PER_IP: '100000',
    LIMIT_SMS_PER_IP: '100000',
    // One buyer places many unpaid orders here (deadlines, the checkout benchmark).
    LIMIT_UNPAID_ORDERS_PER_USER: '1000',
    ...opts.s3,
  };
}
