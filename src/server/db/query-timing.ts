/** Told how long each database query took, in seconds (the /metrics histogram). */
export type QueryObserver = (seconds: number) => void;

type Querier = { query: (...args: any[]) => any; transaction?: (...args: any[]) => any };

/**
 * Times every query a client runs (PGlite's, a PGlite transaction's, a pooled `pg` client's),
 * promise or callback style, without changing what it answers.
 */
export function timeQueries<Q extends Querier>(querier: Q, observe: QueryObserver): Q {
  const query = querier.query.bind(querier);
  querier.query = ((...args: unknown[]) => {
    const started = performance.now();
    const done = () => observe((performance.now() - started) / 1000);
    const last = args.at(-1);
    if (typeof last === 'function') {
      // pg's pool calls its client back rather than awaiting it.
      args[args.length - 1] = (...results: unknown[]) => {
        done();
        return (last as (...r: unknown[]) => unknown)(...results);
      };
      return query(...args);
    }
    const result = query(...args);
    if (result && typeof (result as Promise<unknown>).finally === 'function') return (result as Promise<unknown>).finally(done);
    done();
    return result;
  }) as Q['query'];
  if (querier.transaction) {
    const transaction = querier.transaction.bind(querier);
    querier.transaction = ((callback: (tx: Querier) => unknown, ...rest: unknown[]) => transaction((tx: Querier) => callback(timeQueries(tx, observe)), ...rest)) as Q['transaction'];
  }
  return querier;
}
