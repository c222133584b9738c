import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.tsx';
import { $user } from '../../lib/stores/session.ts';
import { ProfileFieldForm } from '../settings/ProfileFieldForm.tsx';
import type { PopupProps } from './PopupParts.tsx';

/** Account settings: change the sign-in e-mail (PUT /v1/users/me {email}); a taken one is refused. */
export default function AccountEmailPopup({ close }: PopupProps) {
  const t = useT();
  const user = useStore($user);
  return (
    <ProfileFieldForm
      field="email"
      title={t('settings:email_popup.title')}
      description={t('settings:email_popup.description')}
      label={t('settings:email_popup.label')}
      initial={user?.email ?? ''}
      input={{ type: 'email', inputMode: 'email', autoComplete: 'email', autoCapitalize: 'none', spellCheck: false, placeholder: t('auth:email_placeholder') }}
      close={close}
    />
  );
}
