import { useRef, useState } from 'react';
import { ApiError, isUnauthenticated } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { toast } from '../../lib/stores/toast.ts';
import { redirectToLogin } from './flash.ts';

/**
 * A one-click action with no fields (confirm, delete, cancel): `busy` while `work` runs (and
 * after, when it answers 'navigating'), a lost session to the login page, any other failure as
 * a toast with the API's message, unless `onError` takes it (answer true), e.g. a 409 that
 * opens a popup explaining why.
 */
export function useAction() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const running = useRef(false);

  async function run(work: () => Promise<unknown>, onError?: (err: ApiError) => boolean) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    let navigating = false;
    try {
      navigating = (await work()) === 'navigating';
    } catch (err) {
      if (err instanceof ApiError && onError?.(err)) return;
      if (isUnauthenticated(err)) {
        navigating = true;
        return redirectToLogin();
      }
      if ((err as Error)?.name === 'AbortError') return;
      toast.error(err instanceof ApiError ? err.message : t('errors:server'));
    } finally {
      if (!navigating) {
        running.current = false;
        setBusy(false);
      }
    }
  }

  return { busy, run };
}
