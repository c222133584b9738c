import { Field, Label, Radio, RadioGroup } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { REPORT_REASONS, reportSchema } from '../../lib/schemas/catalogue.ts';
import { $popupState, type PopupProps } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { $catalogueTarget } from '../catalogue/stores.ts';
import { FormNotice } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { FieldMessage, TextArea } from '../ui/Field.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

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
  const form = useZodForm({
    schema: reportSchema,
    // '' until chosen: keeps the radio group controlled from the start.
    defaultValues: { reason: '' as Reason | '', details: '' },
    toInput: ({ details }) => ({ reason: details }),
    fieldOf: { reason: 'details' },
    check: ({ reason }) => ({ reason: reason ? undefined : 'market:report.reason_required' }),
  });
  const reason = form.field('reason');
  const [sent, setSent] = useState<string | null>(null);
  const reasonId = useId();

  const onSubmit = form.submit(async (data) => {
    // One text field on the server: the reason's code first, so moderators can sort by it.
    const res = await api('POST', `/reports/${mode}/${itemId}`, { body: { reason: `${reason.value}: ${data.reason}` } });
    setSent(res.message ?? t('market:report.sent_title'));
  });

  if (sent) {
    return (
      <div>
        <div className="flex flex-col items-center px-6 pt-8 pb-4 text-center">
          <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Icon name="checkCircle" className="size-7" />
          </span>
          <DialogHeader title={t('market:report.sent_title')} />
          <p role="status" className="-mt-2 text-sm text-slate-600">
            {sent}
          </p>
        </div>
        <DialogActions>
          <Button onClick={close} data-autofocus>
            {t('market:report.done')}
          </Button>
        </DialogActions>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogHeader
        title={t(mode === 'product' ? 'market:report.title_product' : 'market:report.title_request')}
        description={target ? t('market:report.about', { name: target.name }) : undefined}
      />
      <DialogBody className="space-y-4">
        <FormNotice notice={form.notice} />
        <div>
          <RadioGroup
            ref={reason.ref}
            value={reason.value}
            onChange={reason.onValue}
            aria-label={t('market:report.reason_label')}
            aria-invalid={reason.error ? true : undefined}
            aria-describedby={reason.error ? `${reasonId}-error` : undefined}
            className="space-y-1.5"
          >
            <p className="text-sm font-medium text-slate-700" aria-hidden="true">
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
          <FieldMessage id={reasonId} error={reason.error} />
        </div>
        <TextArea
          {...form.text('details')}
          label={t('market:report.details_label')}
          rows={3}
          maxLength={MAX_DETAILS}
          required
          placeholder={t('market:report.details_placeholder')}
        />
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} submitLabel={t('market:report.send')} busyLabel={t('market:report.sending')} />
    </form>
  );
}
