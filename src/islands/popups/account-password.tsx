import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { passwordChangeSchema } from '../../lib/schemas/account.ts';
import { PASSWORD_MIN } from '../../lib/schemas/auth.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { FormAlert, PasswordField } from '../auth/fields.tsx';
import { FormActions } from '../settings/controls.tsx';
import { Glyph } from '../settings/Glyph.tsx';
import { useSchemaForm, useTextFields } from '../settings/use-schema-form.ts';
import { PopupActions, PopupBody, PopupHeader, primaryButton, type PopupProps } from './PopupParts.tsx';

const FIELDS = ['current_password', 'password', 'password_confirmation'] as const;

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
  const form = useSchemaForm(FIELDS, passwordChangeSchema);
  const { values, field } = useTextFields(form, { current_password: '', password: '', password_confirmation: '' });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    void form.submit(values, async (data) => {
      const res = await api('PUT', '/users/me/password', { body: data });
      toast.success(res.message ?? '');
      close();
    });
  }

  return (
    <form noValidate onSubmit={submit} aria-label={t('settings:password_popup.title')}>
      <PopupHeader title={t('settings:password_popup.title')} description={t('settings:password_popup.signed_out_note')} />
      <PopupBody className="space-y-4 pb-4">
        {form.notice && <FormAlert kind="error">{form.notice}</FormAlert>}
        <PasswordField {...field('current_password')} label={t('settings:password_popup.current_password')} autoComplete="current-password" data-autofocus />
        <PasswordField
          {...field('password')}
          label={t('settings:password_popup.new_password')}
          autoComplete="new-password"
          hint={t('auth:password_hint', { min: PASSWORD_MIN })}
        />
        <PasswordField {...field('password_confirmation')} label={t('settings:password_popup.confirm_password')} autoComplete="new-password" />
        <div className="space-y-2 border-t border-slate-100 pt-4">
          <p className="text-sm text-slate-600">{t('settings:password_popup.forgot')}</p>
          <ResetMailButton />
        </div>
      </PopupBody>
      <FormActions busy={form.busy} onCancel={close} label={t('settings:password_popup.submit')} busyLabel={t('settings:password_popup.submitting')} />
    </form>
  );
}

function SetPasswordByMail({ close }: PopupProps) {
  const t = useT();
  return (
    <div>
      <PopupHeader title={t('settings:password_popup.title')} />
      <PopupBody className="space-y-4 pb-4">
        <div className="flex gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Glyph name="lock" className="size-5" />
          </span>
          <p className="text-sm leading-6 text-slate-600">{t('settings:password_popup.text_no_password')}</p>
        </div>
        <ResetMailButton />
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={primaryButton} data-autofocus>
          {t('settings:common.ok')}
        </button>
      </PopupActions>
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
      <FormAlert kind={result.kind}>
        <p>{result.text}</p>
        {result.kind === 'success' && <p className="mt-1 text-xs opacity-80">{t('settings:password_popup.sent_hint')}</p>}
      </FormAlert>
    );
  }
  if (!user) return null;
  return (
    <button
      type="button"
      onClick={() => void sendReset()}
      disabled={busy}
      aria-busy={busy || undefined}
      className="inline-flex w-full items-center justify-center gap-2 rounded-lg border border-brand-300 px-4 py-2.5 text-sm font-semibold break-all text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60"
    >
      <Glyph name="envelope" className="size-4 shrink-0" />
      {busy ? t('settings:password_popup.sending') : t('settings:password_popup.send', { email: user.email })}
    </button>
  );
}
