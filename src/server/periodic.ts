/**
 * Background work on a timer: `pass` runs `firstAfterMs` after the start (not during it: the
 * server answers first), then `intervalMs` after each pass ends, so passes never overlap. The
 * timers do not keep the process alive. `pass` reports its own failures; the next one tries again.
 */
export function repeatPasses(opts: { firstAfterMs: number; intervalMs: number }, pass: () => Promise<void>): { stop(): Promise<void> } {
  let running: Promise<void> = Promise.resolve();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const schedule = (ms: number) => {
    timer = setTimeout(() => {
      running = pass().finally(() => {
        if (!stopped) schedule(opts.intervalMs);
      });
    }, ms);
    timer.unref();
  };
  schedule(opts.firstAfterMs);
  return {
    /** No further passes; resolves once the pass under way, if any, has ended. */
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => {});
    },
  };
}
