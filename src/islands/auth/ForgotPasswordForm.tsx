import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { loadNamespaces } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { forgotPasswordSchema } from '../../lib/schemas/auth.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { AuthShell } from './AuthShell.tsx';
import { FormNotice } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { linkClass } from '../ui/classes.ts';
import { EmailField } from '../ui/Field.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

/** The dictionaries it shows, loaded with this module so that hydrating it never waits for them. */
const NS = ['common', 'auth', 'errors'] as const;
await loadNamespaces(NS);

export default function ForgotPasswordIsland({ boot, email }: { boot: Boot; email: string | null }) {
  return (
    <IslandRoot boot={boot} ns={NS}>
      <ForgotPasswordForm email={email} />
    </IslandRoot>
  );
}

function ForgotPasswordForm({ email }: { email: string | null }) {
  const t = useT();
  const form = useZodForm({ schema: forgotPasswordSchema, defaultValues: { email: email ?? '' }, guest: true });
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
          <FormNotice notice={form.notice} />
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
        <FormNotice notice={form.notice} />
        <EmailField {...form.text('email')} label={t('auth:email')} />
        <Button type="submit" size="lg" block loading={form.busy} loadingLabel={t('auth:sending')}>
          {t('auth:send_link')}
        </Button>
      </form>
    </AuthShell>
  );
}
