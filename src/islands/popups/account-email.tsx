import { useStore } from '@nanostores/react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { emailChangeSchema } from '../../lib/schemas/account.ts';
import type { Profile } from '../../lib/schemas/auth.ts';
import { openPopup, type PopupProps } from '../../lib/stores/popup.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Alert, FormNotice } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { EmailField, PasswordField } from '../ui/Field.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

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
      <DialogHeader title={t('settings:email_popup.title')} description={t('settings:email_popup.description')} />
      <DialogBody className="pb-4">
        <Alert kind="info">{t('settings:email_popup.no_password')}</Alert>
      </DialogBody>
      <DialogActions>
        <Button variant="secondary" onClick={close}>
          {t('ui.cancel')}
        </Button>
        <Button onClick={() => openPopup('account-password')} data-autofocus>
          {t('settings:email_popup.set_password')}
        </Button>
      </DialogActions>
    </div>
  );
}

function ChangeEmailForm({ close }: PopupProps) {
  const t = useT();
  const user = useStore($user);
  const initial = user?.email ?? '';
  const form = useZodForm({ schema: emailChangeSchema, defaultValues: { email: initial, current_password: '' } });

  const onSubmit = form.submit(async (data) => {
    if (data.email === initial) return close();
    const res = await api<Profile>('PUT', '/users/me', { body: data });
    $user.set(res.data);
    toast.success(res.message ?? '');
    close();
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogHeader title={t('settings:email_popup.title')} description={t('settings:email_popup.description')} />
      <DialogBody className="space-y-4 pb-4">
        <FormNotice notice={form.notice} />
        <EmailField {...form.text('email')} label={t('settings:email_popup.label')} data-autofocus />
        <PasswordField
          {...form.text('current_password')}
          label={t('settings:email_popup.current_password')}
          autoComplete="current-password"
          hint={t('settings:email_popup.current_password_hint')}
        />
        <p className="text-xs text-slate-500">{t('settings:email_popup.signed_out_note')}</p>
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} />
    </form>
  );
}
