import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { ReviewForm } from '../orders/fulfil/ReviewForm.tsx';

/** The traveller rates the requester (buyer) of a completed order. */
export default function ReviewBuyer({ close }: PopupProps) {
  const t = useT();
  return <ReviewForm close={close} for="requester" testId="review-buyer" title={t('orders-fulfil:review.title_buyer')} />;
}
