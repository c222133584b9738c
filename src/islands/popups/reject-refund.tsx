import { useT } from '../../lib/i18n/react.tsx';
import { REFUND_REJECTION_REASONS } from '../../lib/orders/after-sales.ts';
import { rejectRefundSchema } from '../../lib/schemas/after-sales.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepReason } from '../orders/AfterSalesParts.tsx';

/** The traveller rejects the refund with a reason from SPEC §9's list (POST /v1/transactions/refund/{id}/reject). */
export default function RejectRefund(props: PopupProps) {
  const t = useT();
  return (
    <StepReason
      {...props}
      testId="reject-refund"
      path={(id) => `/transactions/refund/${id}/reject`}
      schema={rejectRefundSchema}
      field="rejected_reason"
      reasons={REFUND_REJECTION_REASONS}
      labelKey={(r) => `orders-after:reject.reason.${r}`}
      title={t('orders-after:popup.reject_title')}
      description={t('orders-after:popup.reject_description')}
      legend={t('orders-after:popup.reject_legend')}
      noteLabel={t('orders-after:popup.note')}
      confirm={t('orders-after:popup.reject_confirm')}
      danger
    />
  );
}
