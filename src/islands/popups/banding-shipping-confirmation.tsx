import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepShip } from '../orders/AfterSalesParts.tsx';

/** The requester ships the appeal return (POST /v1/transactions/appeal/{id}/ship). */
export default function BandingShippingConfirmation(props: PopupProps) {
  const t = useT();
  return <StepShip {...props} testId="banding-shipping-confirmation" path={(id) => `/transactions/appeal/${id}/ship`} title={t('orders-after:popup.banding_ship_title')} description={t('orders-after:popup.banding_ship_description')} />;
}
