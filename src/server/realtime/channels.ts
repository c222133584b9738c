/** Who is subscribed to what, in this process. */

export interface Subscriber {
  readonly socketId: string;
  /** Sends an encoded frame; must not throw. */
  send(frame: string): void;
}

export class ChannelRegistry<S extends Subscriber = Subscriber> {
  readonly #channels = new Map<string, Set<S>>();
  readonly #bySubscriber = new Map<S, Set<string>>();

  /** Adds the subscription; false when it already existed. */
  add(channel: string, subscriber: S): boolean {
    let members = this.#channels.get(channel);
    if (!members) this.#channels.set(channel, (members = new Set()));
    if (members.has(subscriber)) return false;
    members.add(subscriber);
    let joined = this.#bySubscriber.get(subscriber);
    if (!joined) this.#bySubscriber.set(subscriber, (joined = new Set()));
    joined.add(channel);
    return true;
  }

  /** Removes the subscription; false when there was none. */
  remove(channel: string, subscriber: S): boolean {
    const members = this.#channels.get(channel);
    if (!members?.delete(subscriber)) return false;
    if (members.size === 0) this.#channels.delete(channel);
    const joined = this.#bySubscriber.get(subscriber);
    joined?.delete(channel);
    if (joined?.size === 0) this.#bySubscriber.delete(subscriber);
    return true;
  }

  /** Drops every subscription of a subscriber (on disconnect). */
  removeAll(subscriber: S): void {
    for (const channel of [...(this.#bySubscriber.get(subscriber) ?? [])]) this.remove(channel, subscriber);
  }

  has(channel: string, subscriber: S): boolean {
    return this.#channels.get(channel)?.has(subscriber) ?? false;
  }

  subscribers(channel: string): ReadonlySet<S> {
    return this.#channels.get(channel) ?? new Set();
  }

  count(channel: string): number {
    return this.#channels.get(channel)?.size ?? 0;
  }

  channelsOf(subscriber: S): string[] {
    return [...(this.#bySubscriber.get(subscriber) ?? [])];
  }

  /** Occupied channel names. */
  names(): string[] {
    return [...this.#channels.keys()];
  }

  /** Sends one encoded frame to every subscriber of `channel` but `exceptSocketId`; returns how many got it. */
  broadcast(channel: string, frame: string, exceptSocketId?: string): number {
    let sent = 0;
    for (const subscriber of this.subscribers(channel)) {
      if (subscriber.socketId === exceptSocketId) continue;
      subscriber.send(frame);
      sent++;
    }
    return sent;
  }
}
