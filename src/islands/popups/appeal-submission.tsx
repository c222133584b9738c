import { useT } from '../../lib/i18n/react.tsx';
import { APPEAL_REASONS } from '../../lib/orders/after-sales.ts';
import { appealSchema } from '../../lib/schemas/after-sales.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepReason } from '../orders/AfterSalesParts.tsx';

/** The requester appeals (banding): a listed reason, or for 'Lainnya' the note sent instead (POST /v1/transactions/{id}/appeal). */
export default function AppealSubmission(props: PopupProps) {
  const t = useT();
  return (
    <StepReason
      {...props}
      testId="appeal-submission"
      path={(id) => `/transactions/${id}/appeal`}
      schema={appealSchema}
      field="reason"
      reasons={APPEAL_REASONS}
      labelKey={(r) => `orders-after:appeal.reason.${r}`}
      title={t('orders-after:popup.appeal_title')}
      description={t('orders-after:popup.appeal_description')}
      legend={t('orders-after:popup.appeal_legend')}
      noteLabel={t('orders-after:popup.appeal_note')}
      confirm={t('orders-after:popup.appeal_confirm')}
      noteReplacesReason
    />
  );
}
