/**
 * The browsers of bench/realtime.ts, in a process of their own (their memory and file handles
 * are not the server's): N WebSockets speaking the Pusher protocol, each subscribed to its own
 * private channel, then reporting how fast each published event arrived.
 */
import { createHmac } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

const [port, count, key, secret] = [Number(process.argv[2]), Number(process.argv[3]), process.argv[4]!, process.argv[5]!];
const CONCURRENCY = 200;
const now = () => performance.timeOrigin + performance.now();
const sockets: WebSocket[] = [];
let latencies: number[] = [];
let expected = 0;

function open(i: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${key}?protocol=7`, { perMessageDeflate: false });
    const channel = `private-user.${i}`;
    ws.on('error', reject);
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as { event: string; data: string; channel?: string };
      if (frame.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
        const auth = `${key}:${createHmac('sha256', secret).update(`${socketId}:${channel}`).digest('hex')}`;
        ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
      } else if (frame.event === 'pusher_internal:subscription_succeeded') resolve();
      else if (frame.event === 'bench') {
        latencies.push(now() - (JSON.parse(frame.data) as { t: number }).t);
        if (latencies.length === expected) process.send!({ type: 'delivered', latencies });
      } else if (frame.event === 'pusher:error') reject(new Error(frame.data));
    });
    sockets.push(ws);
  });
}

process.on('message', async (msg: { type: string; expect?: number }) => {
  if (msg.type === 'connect') {
    const started = now();
    for (let i = 0; i < count; i += CONCURRENCY) {
      await Promise.all(Array.from({ length: Math.min(CONCURRENCY, count - i) }, (_, j) => open(i + j)));
    }
    process.send!({ type: 'connected', ms: now() - started });
  } else if (msg.type === 'expect') {
    latencies = [];
    expected = msg.expect!;
    process.send!({ type: 'ready' });
  } else if (msg.type === 'close') {
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
