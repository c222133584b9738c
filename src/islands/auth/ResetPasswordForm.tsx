import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { loadNamespaces } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { PASSWORD_MIN, resetPasswordSchema } from '../../lib/schemas/auth.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { AuthShell } from './AuthShell.tsx';
import { Alert, FormNotice } from '../ui/Alert.tsx';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { linkClass } from '../ui/classes.ts';
import { PasswordField } from '../ui/Field.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

/** The dictionaries it shows, loaded with this module so that hydrating it never waits for them. */
const NS = ['common', 'auth', 'errors'] as const;
await loadNamespaces(NS);

export default function ResetPasswordIsland({ boot, token }: { boot: Boot; token: string | null }) {
  return (
    <IslandRoot boot={boot} ns={NS}>
      <ResetPasswordForm token={token} />
    </IslandRoot>
  );
}

function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useT();
  const [done, setDone] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const form = useZodForm({
    schema: resetPasswordSchema,
    defaultValues: { password: '', password_confirm: '' },
    toInput: ({ password }) => ({ token: token ?? '', password }),
    guest: true,
    check: ({ password, password_confirm }) => ({
      password_confirm: !password_confirm ? 'errors:field.required' : password_confirm !== password ? 'errors:field.password_confirm' : undefined,
    }),
  });

  const askAgain = (
    <a className={linkClass} href="/forgot-password">
      {t('auth:request_new_link')}
    </a>
  );
  const backToLogin = (
    <a className={linkClass} href="/login">
      {t('auth:back_to_login')}
    </a>
  );

  if (!token) {
    return (
      <AuthShell title={t('auth:reset_title')} footer={backToLogin}>
        <div className="space-y-5">
          <Alert kind="error">{t('auth:reset_missing_token')}</Alert>
          <ButtonLink href="/forgot-password" size="lg" block>
            {t('auth:request_new_link')}
          </ButtonLink>
        </div>
      </AuthShell>
    );
  }

  if (done) {
    return (
      <AuthShell title={t('auth:reset_done_title')}>
        <div className="space-y-5">
          <Alert kind="success">{done}</Alert>
          <ButtonLink href="/login" size="lg" block>
            {t('auth:login')}
          </ButtonLink>
        </div>
      </AuthShell>
    );
  }

  const onSubmit = form.submit(
    async (input) => {
      const res = await api('POST', '/reset-password', { body: input });
      const message = res.message ?? t('auth:msg.reset_ok');
      setDone(message);
      toast.success(message);
    },
    {
      // A spent or expired token: the form cannot help any more, offer a new link instead.
      onError: (err) => {
        if (err.errors.token) setLinkDead(true);
        return false;
      },
    },
  );

  return (
    <AuthShell title={t('auth:reset_title')} subtitle={t('auth:reset_subtitle')} footer={backToLogin}>
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('auth:reset_title')}>
        <FormNotice notice={form.notice}>{linkDead && <span className="mt-1 block">{askAgain}</span>}</FormNotice>
        <PasswordField
          {...form.text('password')}
          label={t('auth:new_password')}
          autoComplete="new-password"
          hint={t('auth:password_hint', { min: PASSWORD_MIN })}
        />
        <PasswordField {...form.text('password_confirm')} label={t('auth:password_confirm')} autoComplete="new-password" />
        <Button type="submit" size="lg" block loading={form.busy} loadingLabel={t('auth:saving')} disabled={!form.hydrated}>
          {t('auth:save_password')}
        </Button>
      </form>
    </AuthShell>
  );
}
