/** What the domain uses to push events to browsers (pusher-js clients). */
export interface Realtime {
  publish(channel: string, event: string, data: unknown): Promise<void>;
}

/** The private channel of one user: only that user may subscribe. */
export const userChannel = (userId: number) => `private-user.${userId}`;
