import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { FormAlert } from '../auth/fields.tsx';
import { Glyph } from '../settings/Glyph.tsx';
import { PopupActions, PopupBody, PopupHeader, primaryButton, type PopupProps } from './PopupParts.tsx';

/**
 * Account settings, password (SPEC §2: informational text with OK). The password itself is
 * changed through the reset e-mail, which this popup can send to the account's address.
 */
export default function AccountPasswordPopup({ close }: PopupProps) {
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

  return (
    <div>
      <PopupHeader title={t('settings:password_popup.title')} />
      <PopupBody className="space-y-4 pb-4">
        <div className="flex gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Glyph name="lock" className="size-5" />
          </span>
          <p className="text-sm leading-6 text-slate-600">{t('settings:password_popup.text')}</p>
        </div>
        {result ? (
          <FormAlert kind={result.kind}>
            <p>{result.text}</p>
            {result.kind === 'success' && <p className="mt-1 text-xs opacity-80">{t('settings:password_popup.sent_hint')}</p>}
          </FormAlert>
        ) : (
          user && (
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
          )
        )}
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={primaryButton} data-autofocus>
          {t('settings:common.ok')}
        </button>
      </PopupActions>
    </div>
  );
}
