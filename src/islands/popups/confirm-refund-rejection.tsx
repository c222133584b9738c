import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepConfirm } from '../orders/AfterSalesParts.tsx';

/** The requester accepts the rejection (POST /v1/transactions/refund/{id}/approve-rejection). */
export default function Popup(props: PopupProps) {
  const t = useT();
  return (
    <StepConfirm
      {...props}
      testId="confirm-refund-rejection"
      path={(id) => `/transactions/refund/${id}/approve-rejection`}
      title={t('orders-after:popup.approve_title')}
      text={t('orders-after:popup.approve_text')}
      confirm={t('orders-after:popup.approve_confirm')}
    />
  );
}
