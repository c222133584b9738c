import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepShip } from '../orders/AfterSalesParts.tsx';

/** The requester ships the refund return (POST /v1/transactions/refund/{id}/ship). */
export default function RefundShippingConfirmation(props: PopupProps) {
  const t = useT();
  return <StepShip {...props} testId="refund-shipping-confirmation" path={(id) => `/transactions/refund/${id}/ship`} title={t('orders-after:popup.ship_title')} description={t('orders-after:popup.ship_description')} />;
}
