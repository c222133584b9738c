import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepConfirm } from '../orders/AfterSalesParts.tsx';

/** The requester cancels the refund request (POST /v1/transactions/refund/{id}/cancel). */
export default function Popup(props: PopupProps) {
  const t = useT();
  return (
    <StepConfirm
      {...props}
      testId="cancel-refund-confirmation"
      path={(id) => `/transactions/refund/${id}/cancel`}
      title={t('orders-after:popup.cancel_title')}
      text={t('orders-after:popup.cancel_text')}
      confirm={t('orders-after:popup.cancel_confirm')}
      danger
    />
  );
}
