import { Field, Label, Radio, RadioGroup } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { REPORT_REASONS, reportSchema } from '../../lib/schemas/catalogue.ts';
import { $popupState } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { $catalogueTarget } from '../catalogue/stores.ts';
import { PopupActions, PopupBody, PopupHeader, primaryButton, secondaryButton, type PopupProps } from './PopupParts.tsx';

type Reason = (typeof REPORT_REASONS)[number];
const MAX_DETAILS = 900;

/**
 * Report a pre-order or a request (the item comes from the button that opened it): a reason from
 * the list and a required description, then a confirmation.
 */
export default function ReportPopup({ close }: PopupProps) {
  const t = useT();
  const target = useStore($catalogueTarget);
  const { id } = useStore($popupState);
  const mode = target?.kind ?? 'product';
  const itemId = Number(target?.id ?? id);
  // '' until chosen: keeps the radio group controlled from the start.
  const [reason, setReason] = useState<Reason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string; form?: string }>({});
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const detailsId = useId();
  const reasonErrorId = useId();
  const detailsErrorId = useId();

  async function submit() {
    const next: typeof errors = {};
    if (!reason) next.reason = t('market:report.reason_required');
    const text = reportSchema.safeParse({ reason: details });
    if (!text.success) next.details = t(text.error.issues[0].message);
    setErrors(next);
    if (next.reason || next.details || !reason) return;
    setBusy(true);
    try {
      // One text field on the server: the reason's code first, so moderators can sort by it.
      const res = await api('POST', `/reports/${mode}/${itemId}`, { body: { reason: `${reason}: ${details.trim()}` } });
      setSent(res.message ?? t('market:report.sent_title'));
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) location.assign(`/login?redirect=${encodeURIComponent(location.pathname)}`);
      else setErrors({ form: err instanceof ApiError ? (err.errors.reason ?? err.message) : (err as Error).message });
    } finally {
      setBusy(false);
    }
  }

  if (sent) {
    return (
      <div>
        <div className="flex flex-col items-center px-6 pt-8 pb-4 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Icon name="checkCircle" className="size-7" />
          </span>
          <PopupHeader title={t('market:report.sent_title')} />
          <p role="status" className="-mt-2 text-sm text-slate-600">
            {sent}
          </p>
        </div>
        <PopupActions>
          <button type="button" onClick={close} className={primaryButton} data-autofocus>
            {t('market:report.done')}
          </button>
        </PopupActions>
      </div>
    );
  }

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <PopupHeader
        title={t(mode === 'product' ? 'market:report.title_product' : 'market:report.title_request')}
        description={target ? t('market:report.about', { name: target.name }) : undefined}
      />
      <PopupBody className="space-y-4">
        <RadioGroup
          value={reason}
          onChange={(value: Reason | '') => {
            setReason(value);
            setErrors((e) => ({ ...e, reason: undefined }));
          }}
          aria-label={t('market:report.reason_label')}
          aria-describedby={errors.reason ? reasonErrorId : undefined}
          className="space-y-1.5"
        >
          <p className="text-sm font-medium text-slate-800" aria-hidden="true">
            {t('market:report.reason_label')}
          </p>
          {REPORT_REASONS.map((r) => (
            <Field key={r}>
              <Radio
                value={r}
                className="group flex cursor-pointer items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm text-slate-700 outline-none data-checked:border-brand-400 data-checked:bg-brand-50 data-checked:text-brand-900 data-focus:ring-2 data-focus:ring-brand-300"
              >
                <span className="flex size-4 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white group-data-checked:border-brand-500">
                  <span className="size-2 rounded-full bg-brand-500 opacity-0 group-data-checked:opacity-100" />
                </span>
                <Label className="flex-1 cursor-pointer">{t(`market:report.reasons.${r}`)}</Label>
              </Radio>
            </Field>
          ))}
        </RadioGroup>
        {errors.reason && (
          <p id={reasonErrorId} role="alert" className="flex items-center gap-1.5 text-sm font-medium text-red-600">
            <Icon name="alertCircle" className="size-4" />
            {errors.reason}
          </p>
        )}
        <div className="space-y-1.5">
          <label htmlFor={detailsId} className="block text-sm font-medium text-slate-800">
            {t('market:report.details_label')}
          </label>
          <textarea
            id={detailsId}
            rows={3}
            maxLength={MAX_DETAILS}
            required
            value={details}
            onChange={(e) => {
              setDetails(e.target.value);
              if (errors.details) setErrors((x) => ({ ...x, details: undefined }));
            }}
            placeholder={t('market:report.details_placeholder')}
            aria-invalid={errors.details ? true : undefined}
            aria-describedby={errors.details ? detailsErrorId : undefined}
            className="block w-full resize-y rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-400 focus:ring-2 focus:ring-brand-200 focus:outline-none aria-invalid:border-red-400"
          />
          {errors.details && (
            <p id={detailsErrorId} role="alert" className="flex items-center gap-1.5 text-sm font-medium text-red-600">
              <Icon name="alertCircle" className="size-4" />
              {errors.details}
            </p>
          )}
        </div>
        {errors.form && (
          <p role="alert" className="flex items-start gap-2 rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-700">
            <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
            {errors.form}
          </p>
        )}
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={secondaryButton}>
          {t('popup.cancel')}
        </button>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? t('market:report.sending') : t('market:report.send')}
        </button>
      </PopupActions>
    </form>
  );
}
