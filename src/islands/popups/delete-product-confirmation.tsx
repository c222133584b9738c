import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { openPopup } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { $deleteTarget } from '../posting/delete-target.ts';
import { flashNext } from '../posting/flash.ts';
import { IconTitle } from '../posting/icons.tsx';
import { PopupActions, PopupBody, PopupHeader, secondaryButton, type PopupProps } from './PopupParts.tsx';

const dangerButton =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-red-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-70';

/**
 * 'Delete this pre-order / request?': DELETE /v1/users/products/{id} (or requests), then on to
 * the target's page with the server's message. A product with active orders answers 409: the
 * `disable-edit-product` popup explains why instead.
 */
export default function DeleteProductConfirmation({ close }: PopupProps) {
  const t = useT();
  const target = useStore($deleteTarget);
  const [busy, setBusy] = useState(false);
  if (!target) return null;
  const ns = target.kind === 'product' ? 'posting:product' : 'posting:request';

  async function remove() {
    if (!target || busy) return;
    setBusy(true);
    try {
      const res = await api('DELETE', `/users/${target.kind === 'product' ? 'products' : 'requests'}/${target.id}`);
      flashNext(res.message);
      window.location.assign(target.redirect);
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.status === 409) {
        openPopup('disable-edit-product');
        return;
      }
      toast.error(err instanceof ApiError ? err.message : t('posting:error.generic'));
    }
  }

  return (
    <div>
      <PopupHeader title={<IconTitle icon="trash" tone="danger">{t(`${ns}.delete_title`)}</IconTitle>} />
      <PopupBody>
        <p className="text-sm leading-6 text-slate-600">{t(`${ns}.delete_text`, { name: target.name })}</p>
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} disabled={busy} className={secondaryButton} data-autofocus>
          {t('posting:delete.cancel')}
        </button>
        <button type="button" onClick={remove} disabled={busy} aria-busy={busy || undefined} className={dangerButton}>
          {busy ? t('posting:delete.deleting') : t('posting:delete.confirm')}
        </button>
      </PopupActions>
    </div>
  );
}
