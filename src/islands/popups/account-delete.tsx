import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { FormAlert, TextField } from '../auth/fields.tsx';
import { dangerButton } from '../settings/controls.tsx';
import { Glyph } from '../settings/Glyph.tsx';
import { PopupActions, PopupBody, PopupHeader, secondaryButton, type PopupProps } from './PopupParts.tsx';

/** How long the goodbye toast is shown before the page starts afresh at home. */
const GOODBYE_MS = 1500;

/**
 * Account settings, danger zone: the user types their username to confirm, then
 * DELETE /v1/users/me. The server ends the session (clears the cookie); the page reloads at /.
 * A refusal (open orders, a balance) shows the server's reason here.
 */
export default function AccountDeletePopup({ close }: PopupProps) {
  const t = useT();
  const user = useStore($user);
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  if (!user) return null;
  const confirmed = typed.trim().toLowerCase() === user.username.toLowerCase();

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (!confirmed || busy || done) return;
    setBusy(true);
    setRefusal(null);
    try {
      const res = await api('DELETE', '/users/me');
      setDone(true);
      toast.success(res.message ?? '');
      setTimeout(() => window.location.assign('/'), GOODBYE_MS);
    } catch (err) {
      setRefusal(err instanceof ApiError ? err.message : t('errors:server'));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit}>
      <PopupHeader title={t('settings:delete_popup.title')} />
      <PopupBody className="space-y-4 pb-4">
        <div className="flex gap-3 rounded-xl border border-red-100 bg-red-50 p-4">
          <Glyph name="warning" className="size-6 shrink-0 text-red-600" />
          <p className="text-sm leading-6 text-red-900">{t('settings:delete_popup.text')}</p>
        </div>
        {refusal && <FormAlert kind="error">{refusal}</FormAlert>}
        <TextField
          name="confirm_username"
          label={t('settings:delete_popup.confirm_label', { username: user.username })}
          hint={typed && !confirmed ? t('settings:delete_popup.mismatch', { username: user.username }) : undefined}
          value={typed}
          onValue={setTyped}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={user.username}
          disabled={busy || done}
          data-autofocus
        />
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} disabled={busy || done} className={secondaryButton}>
          {t('settings:common.cancel')}
        </button>
        <button type="submit" disabled={!confirmed || busy || done} aria-busy={busy || undefined} className={dangerButton}>
          {busy ? t('settings:common.deleting') : t('settings:delete_popup.submit')}
        </button>
      </PopupActions>
    </form>
  );
}
