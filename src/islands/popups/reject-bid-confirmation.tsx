import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.tsx';
import { REJECTION_REASON } from '../../lib/orders/vocabulary.ts';
import { ConfirmPopup } from '../orders/ConfirmPopup.tsx';
import { useOrderCall } from '../orders/DealParts.tsx';
import { $orderTarget } from '../orders/order-target.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** Rejecting an open offer (SPEC §4: rejected_by_requester on purchase pages, rejected_by_traveler otherwise). */
export default function RejectBidConfirmationPopup({ close }: PopupProps) {
  const t = useT();
  const order = useStore($orderTarget);
  const { busy, run } = useOrderCall();
  if (!order) return null;
  const reason = location.pathname.startsWith('/dashboard/purchase') ? REJECTION_REASON.requester : REJECTION_REASON.traveler;
  return (
    <ConfirmPopup
      testId="reject-bid-confirmation"
      title={t('orders-deal:popup.reject_title')}
      body={t('orders-deal:popup.reject_body')}
      confirm={t('orders-deal:popup.reject_confirm')}
      danger
      busy={busy}
      onConfirm={() => void run('POST', `/transactions/${order.id}/cancel`, { canceled_reason: reason })}
      close={close}
    />
  );
}
