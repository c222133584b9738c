import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { forgotPasswordSchema } from '../../lib/schemas/auth.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { AuthShell } from './AuthShell.tsx';
import { EmailField, FormAlert, linkClass, SubmitButton } from './fields.tsx';
import { useAuthForm } from './use-auth-form.ts';

export default function ForgotPasswordIsland({ boot, email }: { boot: Boot; email: string | null }) {
  return (
    <IslandRoot boot={boot}>
      <ForgotPasswordForm email={email} />
    </IslandRoot>
  );
}

function ForgotPasswordForm({ email }: { email: string | null }) {
  const t = useT();
  const form = useAuthForm({ fields: ['email'] as const, schema: forgotPasswordSchema, initial: { email: email ?? '' } });
  /** The address the link went to, once the server answered. */
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = form.submit(async (input) => {
    const res = await api('POST', '/forgot-password', { body: input });
    const message = res.message ?? t('auth:msg.forgot_sent');
    form.setNotice({ kind: 'success', text: message });
    toast.success(message);
    setSentTo(input.email);
  });

  const footer = (
    <a className={linkClass} href="/login">
      {t('auth:back_to_login')}
    </a>
  );

  if (sentTo) {
    return (
      <AuthShell title={t('auth:check_email_title')} footer={footer}>
        <div className="space-y-5">
          {form.notice && <FormAlert kind={form.notice.kind}>{form.notice.text}</FormAlert>}
          <p className="text-sm leading-relaxed text-slate-600">{t('auth:check_email_body', { email: sentTo })}</p>
          <button
            type="button"
            className={`text-sm ${linkClass}`}
            onClick={() => {
              setSentTo(null);
              form.setNotice(null);
            }}
          >
            {t('auth:send_again')}
          </button>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('auth:forgot_title')} subtitle={t('auth:forgot_subtitle')} footer={footer}>
      <form method="post" noValidate onSubmit={onSubmit} className="space-y-5" aria-label={t('auth:forgot_title')}>
        {form.notice && <FormAlert kind={form.notice.kind}>{form.notice.text}</FormAlert>}
        <EmailField {...form.field('email')} label={t('auth:email')} />
        <SubmitButton busy={form.busy} ready={form.hydrated} busyLabel={t('auth:sending')}>
          {t('auth:send_link')}
        </SubmitButton>
      </form>
    </AuthShell>
  );
}
