import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepConfirm } from '../orders/AfterSalesParts.tsx';

/** Refund finished: the whole payment back to the requester (POST /v1/transactions/refund/{id}/done). */
export default function Popup(props: PopupProps) {
  const t = useT();
  return (
    <StepConfirm
      {...props}
      testId="finish-refund"
      path={(id) => `/transactions/refund/${id}/done`}
      title={t('orders-after:popup.finish_title')}
      text={t('orders-after:popup.finish_text')}
      confirm={t('orders-after:popup.finish_confirm')}
    />
  );
}
