import { useEffect, useState } from 'react';

/** SPEC §9: typing waits 200 ms before fetching. */
export const FETCH_DELAY_MS = 200;

/**
 * Results of `search(key)` for the latest key, fetched `FETCH_DELAY_MS` after typing stops;
 * an older request still in flight is aborted. `source` changes (e.g. the chosen country)
 * search again; `enabled: false` clears the results.
 */
export function useSearch<T>(key: string, search: (key: string, signal: AbortSignal) => Promise<T[]>, source: unknown = null, enabled = true) {
  const [results, setResults] = useState<T[]>([]);
  const [loading, setLoading] = useState(enabled);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!enabled) {
      setResults([]);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    setFailed(false);
    const timer = setTimeout(() => {
      search(key.trim(), controller.signal)
        .then((rows) => {
          if (!controller.signal.aborted) setResults(rows);
        })
        .catch((err: Error) => {
          if (err.name === 'AbortError') return;
          console.error('search failed', err);
          setFailed(true);
          setResults([]);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, FETCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `search` is a new function each render; the key, the source and `enabled` decide a refetch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, source, enabled]);

  return { results, loading, failed };
}
