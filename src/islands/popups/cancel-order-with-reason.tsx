import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { CANCEL_REASON_IDS, cancelReasonKey, OTHER_REASON_ID, type CancelReasonId } from '../../lib/orders/vocabulary.ts';
import { cancelSchema } from '../../lib/schemas/orders.ts';
import { checkWith, dangerButton, inputClass, useOrderCall } from '../orders/DealParts.tsx';
import { $orderTarget } from '../orders/order-target.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { DialogActions as PopupActions, DialogBody as PopupBody, DialogHeader as PopupHeader } from '../ui/Dialog.tsx';
import { buttonClass } from '../ui/Button.tsx';
const secondaryButton = buttonClass({ variant: 'secondary' });

/** The reason of a cancel: the viewer's side's presets 1–3, or 4 = other with required text. */
export default function CancelOrderWithReasonPopup({ close }: PopupProps) {
  const t = useT();
  const order = useStore($orderTarget);
  const [reason, setReason] = useState<CancelReasonId | null>(null);
  const [note, setNote] = useState('');
  const { busy, errors, setErrors, run, clearing } = useOrderCall();
  if (!order) return null;

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!order) return;
    const body = { canceled_reason: reason ?? undefined, ...(reason === OTHER_REASON_ID ? { canceled_note: note } : {}) };
    const { data, errors: found } = checkWith(cancelSchema, body, t);
    setErrors(found);
    if (data) void run('POST', `/transactions/${order.id}/cancel`, data);
  }

  return (
    <form onSubmit={submit} noValidate data-testid="cancel-order-with-reason">
      <PopupHeader title={t('orders-deal:popup.reason_title')} />
      <PopupBody className="space-y-3">
        <fieldset aria-describedby={errors.canceled_reason ? 'reason-error' : undefined}>
          <legend className="sr-only">{t('orders-deal:popup.reason_legend')}</legend>
          <div className="space-y-2">
            {CANCEL_REASON_IDS.map((id, i) => (
              <label key={id} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-checked:border-brand-500 has-checked:bg-brand-50">
                <input type="radio" name="canceled_reason" value={id} checked={reason === id} onChange={() => clearing('canceled_reason', setReason)(id)} className="size-4 accent-brand-600" data-autofocus={i === 0 || undefined} />
                {t(cancelReasonKey(order.role, id))}
              </label>
            ))}
          </div>
          {errors.canceled_reason && <p id="reason-error" role="alert" className="mt-1 text-xs text-red-600">{errors.canceled_reason}</p>}
        </fieldset>
        {reason === OTHER_REASON_ID && (
          <div>
            <label htmlFor="canceled_note" className="mb-1 block text-sm font-medium text-slate-800">{t('orders-deal:popup.reason_note')}</label>
            <textarea id="canceled_note" rows={3} maxLength={500} value={note} onChange={(e) => clearing('canceled_note', setNote)(e.target.value)} aria-invalid={!!errors.canceled_note} className={inputClass} />
            {errors.canceled_note && <p role="alert" className="mt-1 text-xs text-red-600">{errors.canceled_note}</p>}
          </div>
        )}
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={secondaryButton}>{t('orders-deal:popup.keep')}</button>
        <button type="submit" disabled={busy} className={dangerButton}>{busy ? t('orders-deal:action.working') : t('orders-deal:popup.cancel_confirm')}</button>
      </PopupActions>
    </form>
  );
}
