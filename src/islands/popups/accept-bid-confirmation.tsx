import { useStore } from '@nanostores/react';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { ConfirmPopup } from '../orders/ConfirmPopup.tsx';
import { useOrderCall } from '../orders/DealParts.tsx';
import { $orderTarget } from '../orders/order-target.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** Accepting the other side's offer: the order goes to payment. */
export default function AcceptBidConfirmationPopup({ close }: PopupProps) {
  const t = useT();
  const order = useStore($orderTarget);
  const { busy, run } = useOrderCall();
  if (!order) return null;
  const total = formatRupiah(order.total_price);
  return (
    <ConfirmPopup
      testId="accept-bid-confirmation"
      title={t('orders-deal:popup.accept_title')}
      body={t(order.role === 'requester' ? 'orders-deal:popup.accept_body_requester' : 'orders-deal:popup.accept_body', { total })}
      confirm={t('orders-deal:popup.accept_confirm')}
      busy={busy}
      onConfirm={() => void run('POST', `/transactions/${order.id}/accept`, {})}
      close={close}
    />
  );
}
