import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import type { Profile } from '../../lib/schemas/auth.ts';
import { openPopup, type PopupProps } from '../../lib/stores/popup.ts';
import { $user } from '../../lib/stores/session.ts';
import { Glyph } from '../settings/Glyph.tsx';
import { ProfileFieldForm } from '../settings/ProfileFieldForm.tsx';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader } from '../ui/Dialog.tsx';

/**
 * Account settings: change the phone number (PUT /v1/users/me {phone_number}). A new number is
 * unverified, so the popup then offers the verification popup.
 */
export default function AccountPhonePopup({ close }: PopupProps) {
  const t = useT();
  const user = useStore($user);
  const [saved, setSaved] = useState<Profile | null>(null);

  if (saved) {
    return (
      <div>
        <DialogHeader title={t('settings:phone_popup.saved_title')} />
        <DialogBody className="pb-4">
          <div className="flex gap-3 rounded-xl bg-brand-50 p-4 text-sm leading-6 text-brand-900">
            <Glyph name="shield" className="size-6 shrink-0 text-brand-600" />
            <p>{t('settings:phone_popup.saved_text', { phone: saved.phone_number })}</p>
          </div>
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={close}>
            {t('settings:phone_popup.later')}
          </Button>
          <Button onClick={() => openPopup('verification')} data-autofocus>
            {t('settings:phone_popup.verify_now')}
          </Button>
        </DialogActions>
      </div>
    );
  }

  return (
    <ProfileFieldForm
      field="phone_number"
      title={t('settings:phone_popup.title')}
      description={t('settings:phone_popup.description')}
      label={t('settings:phone_popup.label')}
      initial={user?.phone_number ?? ''}
      input={{ type: 'tel', inputMode: 'tel', autoComplete: 'tel', placeholder: t('settings:phone_popup.placeholder') }}
      close={close}
      onSaved={(profile) => (profile.phone_verified ? close() : setSaved(profile))}
    />
  );
}
