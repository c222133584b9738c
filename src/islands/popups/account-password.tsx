import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { passwordChangeSchema } from '../../lib/schemas/account.ts';
import { PASSWORD_MIN } from '../../lib/schemas/auth.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Glyph } from '../settings/Glyph.tsx';
import { Alert, FormNotice } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { PasswordField } from '../ui/Field.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

/**
 * Account settings, password (SPEC §2). With a password: change it here (current, new, repeat;
 * PUT /v1/users/me/password), or have a reset link e-mailed when the current one is forgotten.
 * Without one (Google sign-in only): the informational text and the reset e-mail that sets one.
 */
export default function AccountPasswordPopup({ close }: PopupProps) {
  const user = useStore($user);
  return user?.has_password === false ? <SetPasswordByMail close={close} /> : <ChangePasswordForm close={close} />;
}

function ChangePasswordForm({ close }: PopupProps) {
  const t = useT();
  const form = useZodForm({ schema: passwordChangeSchema, defaultValues: { current_password: '', password: '', password_confirmation: '' } });

  const onSubmit = form.submit(async (data) => {
    const res = await api('PUT', '/users/me/password', { body: data });
    toast.success(res.message ?? '');
    close();
  });

  return (
    <form noValidate onSubmit={onSubmit} aria-label={t('settings:password_popup.title')}>
      <DialogHeader title={t('settings:password_popup.title')} description={t('settings:password_popup.signed_out_note')} />
      <DialogBody className="space-y-4 pb-4">
        <FormNotice notice={form.notice} />
        <PasswordField {...form.text('current_password')} label={t('settings:password_popup.current_password')} autoComplete="current-password" data-autofocus />
        <PasswordField
          {...form.text('password')}
          label={t('settings:password_popup.new_password')}
          autoComplete="new-password"
          hint={t('auth:password_hint', { min: PASSWORD_MIN })}
        />
        <PasswordField {...form.text('password_confirmation')} label={t('settings:password_popup.confirm_password')} autoComplete="new-password" />
        <div className="space-y-2 border-t border-slate-100 pt-4">
          <p className="text-sm text-slate-600">{t('settings:password_popup.forgot')}</p>
          <ResetMailButton />
        </div>
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} submitLabel={t('settings:password_popup.submit')} busyLabel={t('settings:password_popup.submitting')} />
    </form>
  );
}

function SetPasswordByMail({ close }: PopupProps) {
  const t = useT();
  return (
    <div>
      <DialogHeader title={t('settings:password_popup.title')} />
      <DialogBody className="space-y-4 pb-4">
        <div className="flex gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Glyph name="lock" className="size-5" />
          </span>
          <p className="text-sm leading-6 text-slate-600">{t('settings:password_popup.text_no_password')}</p>
        </div>
        <ResetMailButton />
      </DialogBody>
      <DialogActions>
        <Button onClick={close} data-autofocus>
          {t('ui.ok')}
        </Button>
      </DialogActions>
    </div>
  );
}

/** Sends the reset e-mail to the account's address (POST /v1/forgot-password), then says so in place. */
function ResetMailButton() {
  const t = useT();
  const user = useStore($user);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ kind: 'success' | 'error'; text: string } | null>(null);

  async function sendReset() {
    if (!user || busy) return;
    setBusy(true);
    try {
      const res = await api('POST', '/forgot-password', { body: { email: user.email } });
      const text = res.message ?? '';
      setResult({ kind: 'success', text });
      toast.success(text);
    } catch (err) {
      const text = err instanceof ApiError ? err.message : t('errors:server');
      setResult({ kind: 'error', text });
      toast.error(text);
    } finally {
      setBusy(false);
    }
  }

  if (result) {
    return (
      <Alert kind={result.kind}>
        <p>{result.text}</p>
        {result.kind === 'success' && <p className="mt-1 text-xs opacity-80">{t('settings:password_popup.sent_hint')}</p>}
      </Alert>
    );
  }
  if (!user) return null;
  return (
    <Button
      variant="brand-outline"
      block
      onClick={() => void sendReset()}
      loading={busy}
      loadingLabel={t('settings:password_popup.sending')}
      icon={<Glyph name="envelope" className="size-4 shrink-0" />}
      size="wrap"
      className="break-all"
    >
      {t('settings:password_popup.send', { email: user.email })}
    </Button>
  );
}
