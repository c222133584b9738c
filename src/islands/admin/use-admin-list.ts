import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';

/**
 * A console tab's list: GET `path` (a /v1/admin route), with `reload` after an action.
 * The console's lists are small work queues; no paging beyond the first 100.
 */
export function useAdminList<T>(path: string, query: Record<string, string | number | undefined> = {}) {
  const t = useT();
  const [rows, setRows] = useState<T[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = JSON.stringify(query);
  const reload = useCallback(async () => {
    try {
      const res = await api<T[]>('GET', path, { query: { per_page: 100, ...JSON.parse(key) } });
      setRows(res.data);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('errors:server'));
    }
  }, [path, key, t]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { rows, error, reload };
}
