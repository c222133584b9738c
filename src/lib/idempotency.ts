/**
 * One `Idempotency-Key` per user action (api/idempotency.ts on the server): a press makes a new
 * key; the same action sent again because its answer never came (a network failure: did it land
 * or not?) reuses it, so the server runs it at most once. Any answer, yes or no, ends the action.
 */
/** 128 random bits as hex (getRandomValues works where randomUUID needs a secure context). */
function randomKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function createActionKey() {
  let pending: { body: string; key: string } | undefined;
  return {
    /** The key for this attempt: the unanswered attempt's with the same body, or a new one. */
    next(body: unknown): string {
      const text = JSON.stringify(body ?? null);
      if (pending?.body !== text) pending = { body: text, key: randomKey() };
      return pending.key;
    },
    /** The server answered: the next press is a new action. */
    settle() {
      pending = undefined;
    },
  };
}
export type ActionKey = ReturnType<typeof createActionKey>;
