/**
 * Real-time benchmark: N browsers (default 10,000), each subscribed to its own private channel,
 * then one event published to every channel.
 *   node bench/realtime.ts                                   # in-process fan-out
 *   BENCH_REDIS_URL=redis://127.0.0.1:6379 node bench/realtime.ts   # also two instances through Redis
 * Prints the connect rate, the server's memory per socket and delivery latency p50/p99.
 * The clients run in a child process (bench/realtime-clients.ts); the file-handle limit
 * (`ulimit -n`) must exceed N in each process.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createLogger } from '../src/server/logger.ts';
import { createRedisBroker } from '../src/server/realtime/redis-broker.ts';
import { createRealtimeServer, type RealtimeServer } from '../src/server/realtime/server.ts';

const COUNT = Number(process.env.BENCH_SOCKETS ?? 10_000);
const APP = { appId: 'bench', key: 'bench-key', secret: 'bench-secret-0123456789abcdef0123' };
const logger = createLogger('warn');
const now = () => performance.timeOrigin + performance.now();
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function instance(redisTopic?: string): Promise<{ rt: RealtimeServer; server: Server; port: number }> {
  const broker = redisTopic ? await createRedisBroker(process.env.BENCH_REDIS_URL!, logger, redisTopic) : undefined;
  const rt = createRealtimeServer({ ...APP, logger, broker, activityTimeout: 600 });
  const server = createServer((req, res) => {
    if (!rt.handleHttp(req, res)) res.writeHead(404).end();
  });
  server.on('upgrade', (req, socket, head) => {
    if (!rt.handleUpgrade(req, socket, head)) socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { rt, server, port: (server.address() as AddressInfo).port };
}

function ask<T>(child: ChildProcess, message: object, reply: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== reply) return;
      child.off('message', on);
      resolve(m as T);
    };
    child.on('message', on);
    child.send(message);
  });
}

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

async function run(label: string, sockets: Awaited<ReturnType<typeof instance>>, publisher: RealtimeServer) {
  global.gc?.();
  const before = process.memoryUsage().rss;
  const child = fork(new URL('./realtime-clients.ts', import.meta.url), [String(sockets.port), String(COUNT), APP.key, APP.secret], {
    execArgv: ['--disable-warning=ExperimentalWarning'],
  });
  const { ms } = await ask<{ ms: number }>(child, { type: 'connect' }, 'connected');
  global.gc?.();
  const after = process.memoryUsage().rss;
  await ask(child, { type: 'expect', expect: COUNT }, 'ready');
  const started = now();
  const delivered = ask<{ latencies: number[] }>(child, { type: 'noop' }, 'delivered');
  for (let i = 0; i < COUNT; i++) await publisher.publish(`private-user.${i}`, 'bench', { t: now() });
  const publishMs = now() - started;
  const { latencies } = await delivered;
  const sorted = latencies.sort((a, b) => a - b);
  console.log(
    `${label}: ${COUNT} sockets connected and subscribed in ${(ms / 1000).toFixed(1)} s (${Math.round(COUNT / (ms / 1000))}/s); ` +
      `server memory ${mb(before)} → ${mb(after)} (${((after - before) / COUNT / 1024).toFixed(1)} KB per socket); ` +
      `${COUNT} events published in ${Math.round(publishMs)} ms; delivery p50 ${pct(sorted, 50).toFixed(1)} ms, p99 ${pct(sorted, 99).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
  );
  child.send({ type: 'close' });
  await new Promise((resolve) => child.once('exit', resolve));
}

console.log(`node ${process.version}, ${COUNT} sockets`);
const single = await instance();
await run('in-process', single, single.rt);
await single.rt.close();
single.server.closeAllConnections();
single.server.close();

if (process.env.BENCH_REDIS_URL) {
  const topic = `titipan:realtime:bench:${process.pid}`;
  const holder = await instance(topic);
  const sender = await instance(topic);
  await run('two instances through redis', holder, sender.rt);
  for (const i of [holder, sender]) {
    await i.rt.close();
    i.server.closeAllConnections();
    i.server.close();
  }
}
process.exit(0);
