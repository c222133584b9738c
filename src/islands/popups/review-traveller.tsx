import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { ReviewForm } from '../orders/fulfil/ReviewForm.tsx';

/** The requester rates the traveller of a completed order. */
export default function ReviewTraveller({ close }: PopupProps) {
  const t = useT();
  return <ReviewForm close={close} for="traveler" testId="review-traveller" title={t('orders-fulfil:review.title_traveller')} />;
}
