/**
 * The fan-out seam between "something published an event" and "the sockets of this process".
 *
 * Every publish (in-process `publish()` and the HTTP trigger API) goes through `Broker.publish`,
 * and sockets are fed only from what the broker hands to `subscribe` handlers. With the in-memory
 * broker that is a loop-back; a Redis broker would PUBLISH to a shared topic and hand every
 * instance (including the sender) what arrives on it, so each instance delivers to its own sockets.
 */

/** One event for one channel; `data` is already encoded (a JSON string, as sent to clients). */
export interface BrokerMessage {
  channel: string;
  event: string;
  data: string;
  /** The socket that caused the event, which does not receive it (the trigger API's `socket_id`). */
  exceptSocketId?: string;
}

export interface Broker {
  /** Sends messages to every instance's subscribers; resolves once the broker accepted them. */
  publish(messages: BrokerMessage[]): Promise<void>;
  /** Registers a handler for every message from any instance; returns the unsubscribe function. */
  subscribe(handler: (message: BrokerMessage) => void): () => void;
  close(): Promise<void>;
}

/** Single-process broker: messages go straight to this process's handlers. */
export function createMemoryBroker(): Broker {
  const handlers = new Set<(message: BrokerMessage) => void>();
  return {
    async publish(messages) {
      for (const message of messages) for (const handler of handlers) handler(message);
    },
    subscribe(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async close() {
      handlers.clear();
    },
  };
}
