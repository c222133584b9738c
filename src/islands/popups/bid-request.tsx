import { RequestDealPopup } from '../orders/RequestDealPopup.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** A traveller makes an offer on a request: their price, tip and shipping fee. */
export default function BidRequestPopup({ close }: PopupProps) {
  return <RequestDealPopup mode="bid" close={close} />;
}
