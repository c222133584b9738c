import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { PASSWORD_MIN, resetPasswordSchema } from '../../lib/schemas/auth.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { AuthShell } from './AuthShell.tsx';
import { FormAlert, linkClass, PasswordField, PrimaryLink, SubmitButton } from './fields.tsx';
import { useAuthForm } from './use-auth-form.ts';

export default function ResetPasswordIsland({ boot, token }: { boot: Boot; token: string | null }) {
  return (
    <IslandRoot boot={boot}>
      <ResetPasswordForm token={token} />
    </IslandRoot>
  );
}

function ResetPasswordForm({ token }: { token: string | null }) {
  const t = useT();
  const [done, setDone] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(false);
  const form = useAuthForm({
    fields: ['password', 'password_confirm'] as const,
    schema: resetPasswordSchema,
    toInput: ({ password }) => ({ token: token ?? '', password }),
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
          <FormAlert kind="error">{t('auth:reset_missing_token')}</FormAlert>
          <PrimaryLink href="/forgot-password">{t('auth:request_new_link')}</PrimaryLink>
        </div>
      </AuthShell>
    );
  }

  if (done) {
    return (
      <AuthShell title={t('auth:reset_done_title')}>
        <div className="space-y-5">
          <FormAlert kind="success">{done}</FormAlert>
          <PrimaryLink href="/login">{t('auth:login')}</PrimaryLink>
        </div>
      </AuthShell>
    );
  }

  const onSubmit = form.submit(async (input) => {
    try {
      const res = await api('POST', '/reset-password', { body: input });
      const message = res.message ?? t('auth:msg.reset_ok');
      setDone(message);
      toast.success(message);
    } catch (err) {
      // A spent or expired token: the form cannot help any more, offer a new link instead.
      if ((err as { errors?: Record<string, string> }).errors?.token) setLinkDead(true);
      throw err;
    }
  });

  return (
    <AuthShell title={t('auth:reset_title')} subtitle={t('auth:reset_subtitle')} footer={backToLogin}>
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('auth:reset_title')}>
        {form.notice && (
          <FormAlert kind={form.notice.kind}>
            {form.notice.text}
            {linkDead && <span className="mt-1 block">{askAgain}</span>}
          </FormAlert>
        )}
        <PasswordField
          {...form.field('password')}
          label={t('auth:new_password')}
          autoComplete="new-password"
          hint={t('auth:password_hint', { min: PASSWORD_MIN })}
        />
        <PasswordField {...form.field('password_confirm')} label={t('auth:password_confirm')} autoComplete="new-password" />
        <SubmitButton busy={form.busy} ready={form.hydrated} busyLabel={t('auth:saving')}>
          {t('auth:save_password')}
        </SubmitButton>
      </form>
    </AuthShell>
  );
}
