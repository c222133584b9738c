import { useStore } from '@nanostores/react';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { openPopup, type PopupProps } from '../../lib/stores/popup.ts';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader } from '../ui/Dialog.tsx';
import { $fulfilTarget, orderPath } from '../orders/fulfil-target.ts';

/** The order has just completed: what that means for this side, and an invitation to review the other. */
export default function FinishOrder({ close }: PopupProps) {
  const t = useT();
  const order = useStore($fulfilTarget);
  if (!order) return null;
  const later = () => {
    // The page came back with ?finished=1; a reload should not open this again.
    history.replaceState(null, '', orderPath(order));
    close();
  };
  const body =
    order.role === 'traveler'
      ? t('orders-fulfil:finish.body_traveler', { name: order.other_name, amount: formatRupiah(order.traveler_total ?? 0) })
      : t('orders-fulfil:finish.body_requester', { name: order.other_name });
  return (
    <div data-testid="finish-order">
      <DialogHeader title={t('orders-fulfil:finish.title')} />
      <DialogBody className="pb-4 text-sm leading-6 text-slate-600">{body}</DialogBody>
      <DialogActions>
        <Button variant="secondary" onClick={later} data-autofocus>
          {t('orders-fulfil:finish.later')}
        </Button>
        {order.can_rate && (
          <Button onClick={() => openPopup(order.can_rate === 'traveler' ? 'review-traveller' : 'review-buyer')}>{t('orders-fulfil:finish.rate')}</Button>
        )}
      </DialogActions>
    </div>
  );
}
