import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepConfirm } from '../orders/AfterSalesParts.tsx';

/** The traveller accepts the refund (POST /v1/transactions/refund/{id}/accept). */
export default function Popup(props: PopupProps) {
  const t = useT();
  return (
    <StepConfirm
      {...props}
      testId="accept-refund"
      path={(id) => `/transactions/refund/${id}/accept`}
      title={t('orders-after:popup.accept_title')}
      text={t('orders-after:popup.accept_text')}
      confirm={t('orders-after:popup.accept_confirm')}
    />
  );
}
