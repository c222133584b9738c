import { api } from '../../lib/api.ts';
import { loadNamespaces } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { loginReason, withRedirect } from '../../lib/redirect.ts';
import { loginSchema } from '../../lib/schemas/auth.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { AuthShell } from './AuthShell.tsx';
import { FormNotice } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { linkClass } from '../ui/classes.ts';
import { EmailField, PasswordField } from '../ui/Field.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';
import { GoogleButton } from './GoogleButton.tsx';
import { completeSignIn } from './sign-in.ts';

/** The dictionaries it shows, loaded with this module so that hydrating it never waits for them. */
const NS = ['common', 'auth', 'errors'] as const;
await loadNamespaces(NS);

interface Props {
  boot: Boot;
  /** The raw `redirect` query parameter; checked before use. */
  redirect: string | null;
}

export default function LoginIsland(props: Props) {
  return (
    <IslandRoot boot={props.boot} ns={NS}>
      <LoginForm googleEnabled={props.boot.flags.googleEnabled} redirect={props.redirect} />
    </IslandRoot>
  );
}

function LoginForm({ googleEnabled, redirect }: { googleEnabled: boolean; redirect: string | null }) {
  const t = useT();
  const form = useZodForm({ schema: loginSchema, defaultValues: { email: '', password: '' }, guest: true });
  // A guest sent here from "Post a request" reads why, and goes back there after logging in.
  const reason = loginReason(redirect);

  const onSubmit = form.submit(async (input) => {
    await api('POST', '/login', { body: input });
    return completeSignIn(redirect);
  });

  return (
    <AuthShell
      title={reason ? t(`auth:login_for.${reason}`) : t('auth:login_title')}
      subtitle={t('auth:login_subtitle')}
      footer={
        <>
          {t('auth:no_account')}{' '}
          <a className={linkClass} href={withRedirect('/register', redirect)}>
            {t('auth:create_account')}
          </a>
        </>
      }
    >
      {googleEnabled && <GoogleButton redirect={redirect} />}
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('auth:login_title')}>
        <FormNotice notice={form.notice} />
        <EmailField {...form.text('email')} label={t('auth:email')} />
        <PasswordField {...form.text('password')} label={t('auth:password')} autoComplete="current-password" />
        <div className="-mt-2 flex justify-end">
          <a className={`text-sm ${linkClass}`} href="/forgot-password">
            {t('auth:forgot_link')}
          </a>
        </div>
        <Button type="submit" size="lg" block loading={form.busy} loadingLabel={t('auth:logging_in')}>
          {t('auth:login')}
        </Button>
      </form>
    </AuthShell>
  );
}
