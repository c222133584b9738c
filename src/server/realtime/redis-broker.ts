import { createClient } from 'redis';
import type { Logger } from '../logger.ts';
import type { Broker, BrokerMessage } from './broker.ts';

/** The Redis channel every instance publishes to and listens on. */
export const REALTIME_TOPIC = 'titipan:realtime';

/**
 * Fan-out between server instances through Redis pub/sub (REDIS_URL). A publish goes to the
 * shared topic; every instance, the sender included, hands what arrives to its own sockets, so
 * an event published on one instance reaches a socket connected to another. Presence across
 * instances is not kept: each instance knows only its own sockets, which is all a publish needs.
 * Redis pub/sub delivers to whoever listens at that moment; an instance that was disconnected
 * misses what was published meanwhile, and its browsers refetch on reconnect.
 */
export async function createRedisBroker(url: string, logger: Logger, topic = REALTIME_TOPIC): Promise<Broker & { ping(): Promise<void> }> {
  const publisher = createClient({ url });
  // A client in subscriber mode can run no other command: a second connection listens.
  const subscriber = publisher.duplicate();
  for (const [name, client] of [['publisher', publisher], ['subscriber', subscriber]] as const) {
    client.on('error', (err: Error) => logger.warn(`${topic}: redis ${name}: ${err.message}`));
  }
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const handlers = new Set<(message: BrokerMessage) => void>();
  await subscriber.subscribe(topic, (raw) => {
    let batch: BrokerMessage[];
    try {
      batch = JSON.parse(raw) as BrokerMessage[];
    } catch {
      logger.warn(`${topic}: ignored a message on the redis topic that is not ours`);
      return;
    }
    for (const message of batch) for (const handler of handlers) handler(message);
  });
  return {
    async publish(messages) {
      if (messages.length) await publisher.publish(topic, JSON.stringify(messages));
    },
    /** Whether Redis answers (the readiness check). */
    async ping() {
      await publisher.ping();
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}
