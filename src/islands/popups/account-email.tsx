import { useStore } from '@nanostores/react';
import type { FormEvent } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { emailChangeSchema } from '../../lib/schemas/account.ts';
import type { Profile } from '../../lib/schemas/auth.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { EmailField, FormAlert, PasswordField } from '../auth/fields.tsx';
import { FormActions } from '../settings/controls.tsx';
import { useSchemaForm, useTextFields } from '../settings/use-schema-form.ts';
import { openPopup } from '../../lib/stores/popup.ts';
import { PopupActions, PopupBody, PopupHeader, primaryButton, secondaryButton, type PopupProps } from './PopupParts.tsx';

const FIELDS = ['email', 'current_password'] as const;

/**
 * Account settings: change the sign-in e-mail (PUT /v1/users/me {email, current_password}). The
 * e-mail is where reset links go, so the current password is asked for; other devices are
 * signed out and the old address is told. An account without a password (Google sign-in only)
 * is sent to the password popup to set one first.
 */
export default function AccountEmailPopup({ close }: PopupProps) {
  const user = useStore($user);
  return user?.has_password === false ? <SetPasswordFirst close={close} /> : <ChangeEmailForm close={close} />;
}

function SetPasswordFirst({ close }: PopupProps) {
  const t = useT();
  return (
    <div>
      <PopupHeader title={t('settings:email_popup.title')} description={t('settings:email_popup.description')} />
      <PopupBody className="pb-4">
        <FormAlert kind="info">{t('settings:email_popup.no_password')}</FormAlert>
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={secondaryButton}>
          {t('settings:common.cancel')}
        </button>
        <button type="button" onClick={() => openPopup('account-password')} className={primaryButton} data-autofocus>
          {t('settings:email_popup.set_password')}
        </button>
      </PopupActions>
    </div>
  );
}

function ChangeEmailForm({ close }: PopupProps) {
  const t = useT();
  const user = useStore($user);
  const initial = user?.email ?? '';
  const form = useSchemaForm(FIELDS, emailChangeSchema);
  const { values, field } = useTextFields(form, { email: initial, current_password: '' });

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (values.email.trim().toLowerCase() === initial) return close();
    void form.submit(values, async (data) => {
      const res = await api<Profile>('PUT', '/users/me', { body: data });
      $user.set(res.data);
      toast.success(res.message ?? '');
      close();
    });
  }

  return (
    <form noValidate onSubmit={submit}>
      <PopupHeader title={t('settings:email_popup.title')} description={t('settings:email_popup.description')} />
      <PopupBody className="space-y-4 pb-4">
        {form.notice && <FormAlert kind="error">{form.notice}</FormAlert>}
        <EmailField {...field('email')} label={t('settings:email_popup.label')} data-autofocus />
        <PasswordField
          {...field('current_password')}
          label={t('settings:email_popup.current_password')}
          autoComplete="current-password"
          hint={t('settings:email_popup.current_password_hint')}
        />
        <p className="text-xs text-slate-500">{t('settings:email_popup.signed_out_note')}</p>
      </PopupBody>
      <FormActions busy={form.busy} onCancel={close} />
    </form>
  );
}
