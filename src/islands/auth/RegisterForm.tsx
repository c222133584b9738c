import { Trans } from 'react-i18next';
import { api } from '../../lib/api.ts';
import { loadNamespaces } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { withRedirect } from '../../lib/redirect.ts';
import { PASSWORD_MIN, registerSchema } from '../../lib/schemas/auth.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { AuthShell } from './AuthShell.tsx';
import { FormNotice } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { linkClass } from '../ui/classes.ts';
import { EmailField, PasswordField, TextField } from '../ui/Field.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';
import { GoogleButton } from './GoogleButton.tsx';
import { completeSignIn } from './sign-in.ts';

/** The dictionaries it shows, loaded with this module so that hydrating it never waits for them. */
const NS = ['common', 'auth', 'errors'] as const;
await loadNamespaces(NS);

interface Props {
  boot: Boot;
  redirect: string | null;
}

export default function RegisterIsland(props: Props) {
  return (
    <IslandRoot boot={props.boot} ns={NS}>
      <RegisterForm googleEnabled={props.boot.flags.googleEnabled} redirect={props.redirect} />
    </IslandRoot>
  );
}

function RegisterForm({ googleEnabled, redirect }: { googleEnabled: boolean; redirect: string | null }) {
  const t = useT();
  const form = useZodForm({
    schema: registerSchema,
    defaultValues: { name: '', username: '', email: '', password: '', password_confirm: '' },
    toInput: ({ name, username, email, password }) => ({ name, username, email, password }),
    guest: true,
    // 'Repeat password' never leaves the browser.
    check: ({ password, password_confirm }) => ({
      password_confirm: !password_confirm ? 'errors:field.required' : password_confirm !== password ? 'errors:field.password_confirm' : undefined,
    }),
  });

  const onSubmit = form.submit(async (input) => {
    await api('POST', '/register', { body: input });
    return completeSignIn(redirect);
  });

  return (
    <AuthShell
      title={t('auth:register_title')}
      subtitle={t('auth:register_subtitle')}
      footer={
        <>
          {t('auth:have_account')}{' '}
          <a className={linkClass} href={withRedirect('/login', redirect)}>
            {t('auth:login')}
          </a>
        </>
      }
    >
      {googleEnabled && <GoogleButton redirect={redirect} />}
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('auth:register_title')}>
        <FormNotice notice={form.notice} />
        <TextField {...form.text('name')} label={t('auth:name')} autoComplete="name" autoCapitalize="words" placeholder={t('auth:name_placeholder')} />
        <TextField
          {...form.text('username')}
          label={t('auth:username')}
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          hint={t('auth:username_hint')}
        />
        <EmailField {...form.text('email')} label={t('auth:email')} />
        <PasswordField {...form.text('password')} label={t('auth:password')} autoComplete="new-password" hint={t('auth:password_hint', { min: PASSWORD_MIN })} />
        <PasswordField {...form.text('password_confirm')} label={t('auth:password_confirm')} autoComplete="new-password" />
        <Button type="submit" size="lg" block loading={form.busy} loadingLabel={t('auth:creating_account')}>
          {t('auth:create_account')}
        </Button>
        <p className="text-center text-xs leading-relaxed text-slate-500">
          <Trans
            i18nKey="auth:terms_note"
            components={{
              terms: <a className="font-medium text-slate-700 underline underline-offset-2 hover:text-brand-700" href="/term-condition" />,
              privacy: <a className="font-medium text-slate-700 underline underline-offset-2 hover:text-brand-700" href="/privacy-policy" />,
            }}
          />
        </p>
      </form>
    </AuthShell>
  );
}
