import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { OTHER } from '../../lib/orders/after-sales.ts';
import { helpTicketSchema } from '../../lib/schemas/after-sales.ts';
import { openPopup, type PopupProps } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { buttonClass } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader } from '../ui/Dialog.tsx';
import { checkWith, Field, inputClass, type FieldErrors } from '../orders/DealParts.tsx';
import { $helpTarget } from '../orders/help-target.ts';

/** Help about an order: a topic chosen by its status_detail; 'Lainnya' needs the text (POST /v1/transactions/{id}/help). */
export default function HelpTransaction({ close }: PopupProps) {
  const t = useT();
  const target = useStore($helpTarget);
  const [topic, setTopic] = useState<string | null>(null);
  const [message, setMessage] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  if (!target) return null;
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!target) return;
    const { data, errors: found } = checkWith(helpTicketSchema, { topic: topic ?? undefined, message: message.trim() || undefined }, t);
    setErrors(found);
    if (!data) return;
    setBusy(true);
    try {
      await api('POST', `/transactions/${target.id}/help`, { body: data });
      openPopup('help-submited', { id: target.id });
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && Object.keys(err.errors).length) setErrors(err.errors);
      toast.error(err instanceof ApiError ? err.message : t('errors:network'));
    }
  }
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="help-transaction">
      <DialogHeader title={t('orders-after:help.title')} description={t('orders-after:help.description')} />
      <DialogBody className="space-y-3">
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t('orders-after:help.topic_legend')}</legend>
          <div className="space-y-2">
            {target.topics.map((key, i) => (
              <label key={key} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-checked:border-brand-500 has-checked:bg-brand-50">
                <input type="radio" name="topic" value={key} checked={topic === key} onChange={() => { setTopic(key); setErrors({}); }} className="size-4 accent-brand-600" data-autofocus={i === 0 || undefined} />
                {t(`orders-after:help.topic.${key}`)}
              </label>
            ))}
          </div>
          {errors.topic && <p role="alert" className="mt-1 text-xs text-red-600">{errors.topic}</p>}
        </fieldset>
        <Field id="help-message" label={t('orders-after:help.message')} error={errors.message}>
          <textarea id="help-message" rows={3} maxLength={1000} value={message} onChange={(e) => { setMessage(e.target.value); setErrors(({ message: _m, ...rest }) => rest); }} aria-invalid={!!errors.message} className={inputClass} required={topic === OTHER} />
        </Field>
      </DialogBody>
      <DialogActions>
        <button type="button" onClick={close} className={buttonClass({ variant: 'secondary' })}>{t('common:ui.cancel')}</button>
        <button type="submit" disabled={busy} className={buttonClass({ variant: 'primary' })}>{busy ? t('orders-after:help.submitting') : t('orders-after:help.submit')}</button>
      </DialogActions>
    </form>
  );
}
