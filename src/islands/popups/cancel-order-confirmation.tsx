import { useT } from '../../lib/i18n/react.tsx';
import { openPopup } from '../../lib/stores/popup.ts';
import { ConfirmPopup } from '../orders/ConfirmPopup.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** The first step of cancelling: are you sure? The reason comes next (cancel-order-with-reason). */
export default function CancelOrderConfirmationPopup({ close }: PopupProps) {
  const t = useT();
  return (
    <ConfirmPopup
      testId="cancel-order-confirmation"
      title={t('orders-deal:popup.cancel_title')}
      body={t('orders-deal:popup.cancel_body')}
      confirm={t('orders-deal:popup.cancel_next')}
      danger
      onConfirm={() => openPopup('cancel-order-with-reason')}
      close={close}
    />
  );
}
