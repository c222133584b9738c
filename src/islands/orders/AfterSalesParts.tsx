import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { OTHER } from '../../lib/orders/after-sales.ts';
import { returnShipmentSchema } from '../../lib/schemas/after-sales.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { buttonClass } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader } from '../ui/Dialog.tsx';
import { ConfirmPopup } from './ConfirmPopup.tsx';
import { checkWith, dangerButton, Field, inputClass, useOrderCall } from './DealParts.tsx';
import { $orderTarget } from './order-target.ts';

const primaryButton = buttonClass({ variant: 'primary' });
const secondaryButton = buttonClass({ variant: 'secondary' });

/**
 * The after-sales popups (SPEC §2): each is a confirmation, a reason from a list ('other' /
 * 'Lainnya' opens a note) or a return shipment, posting one step of
 * src/server/api/after-sales.ts for the order the page's buttons set ($orderTarget). On success
 * the page reloads with the server's message.
 */
export function StepConfirm({ close, testId, path, title, text, confirm, danger, reloadAfter }: PopupProps & { testId: string; path: (id: number) => string; title: string; text: string; confirm: string; danger?: boolean; reloadAfter?: number }) {
  const t = useT();
  const order = useStore($orderTarget);
  const { busy, run } = useOrderCall();
  const [done, setDone] = useState(false);
  if (!order) return null;
  async function go() {
    if (!order) return;
    if (!reloadAfter) return void run('POST', path(order.id), {});
    // Appeal finished: the message stays a moment, then the page reloads (SPEC §4: after 3 seconds).
    try {
      const res = await api('POST', path(order.id), {});
      toast.success(res.message ?? '');
      setDone(true);
      setTimeout(() => window.location.reload(), reloadAfter);
    } catch (err) {
      toast.error(err instanceof ApiError ? err.message : t('errors:network'));
    }
  }
  if (done) {
    return (
      <div data-testid={testId}>
        <DialogHeader title={title} />
        <DialogBody className="text-sm text-slate-700"><p role="status">{t('orders-after:popup.reloading')}</p></DialogBody>
      </div>
    );
  }
  return <ConfirmPopup testId={testId} title={title} body={text} confirm={confirm} danger={danger} busy={busy} onConfirm={() => void go()} close={close} />;
}

/** A reason from a list; 'other' needs a note (sent as `note`, or instead of the reason when `noteReplacesReason`). */
export function StepReason<S extends z.ZodType>({
  close,
  testId,
  path,
  schema,
  field,
  reasons,
  labelKey,
  title,
  description,
  legend,
  noteLabel,
  confirm,
  danger,
  noteReplacesReason,
}: PopupProps & {
  testId: string;
  path: (id: number) => string;
  schema: S;
  field: string;
  reasons: readonly string[];
  labelKey: (reason: string) => string;
  title: string;
  description: string;
  legend: string;
  noteLabel: string;
  confirm: string;
  danger?: boolean;
  noteReplacesReason?: boolean;
}) {
  const t = useT();
  const order = useStore($orderTarget);
  const [reason, setReason] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const { busy, errors, setErrors, run, clearing } = useOrderCall();
  if (!order) return null;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!order) return;
    const body = noteReplacesReason
      ? { [field]: reason === OTHER ? note.trim() || OTHER : (reason ?? undefined) }
      : { [field]: reason ?? undefined, ...(reason === OTHER ? { note } : {}) };
    const { data, errors: found } = checkWith(schema, body, t);
    // The appeal's note stands in for its reason: its message belongs under the note.
    if (noteReplacesReason && reason === OTHER && found[field]) found.note = found[field];
    setErrors(found);
    if (data) void run('POST', path(order.id), data);
  }
  const noteError = errors.note;
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <DialogHeader title={title} description={description} />
      <DialogBody className="space-y-3">
        <fieldset aria-describedby={errors[field] && !(noteReplacesReason && reason === OTHER) ? `${testId}-reason-error` : undefined}>
          <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
          <div className="space-y-2">
            {reasons.map((r, i) => (
              <label key={r} className="flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-800 has-checked:border-brand-500 has-checked:bg-brand-50">
                <input type="radio" name={field} value={r} checked={reason === r} onChange={() => clearing(field, setReason)(r)} className="size-4 accent-brand-600" data-autofocus={i === 0 || undefined} />
                {t(labelKey(r))}
              </label>
            ))}
          </div>
          {errors[field] && !(noteReplacesReason && reason === OTHER) && (
            <p id={`${testId}-reason-error`} role="alert" className="mt-1 text-xs text-red-600">{errors[field]}</p>
          )}
        </fieldset>
        {reason === OTHER && (
          <Field id={`${testId}-note`} label={noteLabel} error={noteError}>
            <textarea id={`${testId}-note`} rows={3} maxLength={500} value={note} onChange={(e) => clearing('note', setNote)(e.target.value)} aria-invalid={!!noteError} aria-describedby={noteError ? `${testId}-note-error` : undefined} className={inputClass} />
          </Field>
        )}
      </DialogBody>
      <DialogActions>
        <button type="button" onClick={close} className={secondaryButton}>{t('orders-after:popup.keep')}</button>
        <button type="submit" disabled={busy} className={danger ? dangerButton : primaryButton}>{busy ? t('orders-deal:action.working') : confirm}</button>
      </DialogActions>
    </form>
  );
}

/** A return shipment: courier name and tracking number, both required (SPEC §5). */
export function StepShip({ close, testId, path, title, description }: PopupProps & { testId: string; path: (id: number) => string; title: string; description: string }) {
  const t = useT();
  const order = useStore($orderTarget);
  const [courier, setCourier] = useState('');
  const [resi, setResi] = useState('');
  const { busy, errors, setErrors, run, clearing } = useOrderCall();
  if (!order) return null;
  function submit(e: FormEvent) {
    e.preventDefault();
    if (!order) return;
    const { data, errors: found } = checkWith(returnShipmentSchema, { courier_name: courier, resi }, t);
    setErrors(found);
    if (data) void run('POST', path(order.id), data);
  }
  return (
    <form onSubmit={submit} noValidate data-testid={testId}>
      <DialogHeader title={title} description={description} />
      <DialogBody className="space-y-3">
        <Field id={`${testId}-courier`} label={t('orders-after:ship.courier')} error={errors.courier_name}>
          <input id={`${testId}-courier`} value={courier} onChange={(e) => clearing('courier_name', setCourier)(e.target.value)} maxLength={60} aria-invalid={!!errors.courier_name} className={inputClass} data-autofocus />
        </Field>
        <Field id={`${testId}-resi`} label={t('orders-after:ship.resi')} error={errors.resi}>
          <input id={`${testId}-resi`} value={resi} onChange={(e) => clearing('resi', setResi)(e.target.value)} maxLength={60} aria-invalid={!!errors.resi} className={inputClass} />
        </Field>
      </DialogBody>
      <DialogActions>
        <button type="button" onClick={close} className={secondaryButton}>{t('orders-after:popup.keep')}</button>
        <button type="submit" disabled={busy} className={primaryButton}>{busy ? t('orders-deal:action.working') : t('orders-after:popup.ship_submit')}</button>
      </DialogActions>
    </form>
  );
}
