import { useT } from '../../lib/i18n/react.tsx';
import { ButtonLink } from '../ui/Button.tsx';
import { rememberGoogleRedirect } from './sign-in.ts';

/** 'Continue with Google' and the 'or' rule under it; rendered only when Google is configured. */
export function GoogleButton({ redirect }: { redirect: string | null }) {
  const t = useT();
  return (
    <>
      <ButtonLink href="/v1/auth-google" onClick={() => rememberGoogleRedirect(redirect)} variant="secondary" size="lg" block icon={<GoogleMark />}>
        {t('auth:google')}
      </ButtonLink>
      <div className="my-6 flex items-center gap-3 text-xs tracking-wide text-slate-400 uppercase" role="separator">
        <span className="h-px flex-1 bg-slate-200" />
        {t('auth:or')}
        <span className="h-px flex-1 bg-slate-200" />
      </div>
    </>
  );
}

function GoogleMark() {
  return (
    <svg className="size-5" viewBox="0 0 48 48" aria-hidden="true">
      <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5Z" />
      <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7Z" />
      <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2A11.9 11.9 0 0 1 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44Z" />
      <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3a12 12 0 0 1-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5Z" />
    </svg>
  );
}
