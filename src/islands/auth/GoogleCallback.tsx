import { useEffect, useRef, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { AuthShell } from './AuthShell.tsx';
import { Alert } from '../ui/Alert.tsx';
import { ButtonLink } from '../ui/Button.tsx';
import { linkClass } from '../ui/classes.ts';
import { Spinner } from '../ui/Spinner.tsx';
import { completeSignIn, takeGoogleRedirect } from './sign-in.ts';

interface Props {
  boot: Boot;
  code: string | null;
  state: string | null;
}

export default function GoogleCallbackIsland({ boot, code, state }: Props) {
  return (
    <IslandRoot boot={boot}>
      <GoogleCallback code={code} state={state} googleEnabled={boot.flags.googleEnabled} />
    </IslandRoot>
  );
}

/** Where Google sends the user back: trades the code for a session, then continues like login. */
function GoogleCallback({ code, state, googleEnabled }: { code: string | null; state: string | null; googleEnabled: boolean }) {
  const t = useT();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (!code || started.current) return;
    started.current = true; // the code is single-use: never post it twice
    (async () => {
      try {
        await api('POST', '/check-auth-google', { body: { code, ...(state ? { state } : {}) } });
        await completeSignIn(takeGoogleRedirect());
      } catch (err) {
        setFailure(err instanceof ApiError ? err.message : t('auth:msg.google_failed'));
      }
    })();
  }, [code, state, t]);

  if (code && !failure) {
    return (
      <AuthShell title={t('auth:google_title')}>
        <div role="status" className="flex items-center gap-3 text-sm text-slate-600">
          <Spinner className="size-5 text-brand-600" />
          {t('auth:google_signing_in')}
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell
      title={t('auth:google_title')}
      footer={
        <a className={linkClass} href="/">
          {t('auth:back_home')}
        </a>
      }
    >
      <div className="space-y-4">
        <Alert kind="error">
          <p className="font-semibold">{t('auth:google_failed')}</p>
          {failure && <p className="mt-1">{failure}</p>}
        </Alert>
        <p className="text-sm text-slate-600">{t('auth:google_failed_hint')}</p>
        {googleEnabled && (
          <ButtonLink href="/v1/auth-google" variant="secondary" size="lg" block>
            {t('auth:google_retry')}
          </ButtonLink>
        )}
        <ButtonLink href="/login" size="lg" block>
          {t('auth:back_to_login')}
        </ButtonLink>
      </div>
    </AuthShell>
  );
}
