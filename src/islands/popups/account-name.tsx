import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.tsx';
import { $user } from '../../lib/stores/session.ts';
import { ProfileFieldForm } from '../settings/ProfileFieldForm.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** Account settings: change the display name (PUT /v1/users/me {name}). */
export default function AccountNamePopup({ close }: PopupProps) {
  const t = useT();
  const user = useStore($user);
  return (
    <ProfileFieldForm
      field="name"
      title={t('settings:name_popup.title')}
      description={t('settings:name_popup.description')}
      label={t('settings:name_popup.label')}
      initial={user?.name ?? ''}
      input={{ autoComplete: 'name', maxLength: 100 }}
      close={close}
    />
  );
}
