import { BidPopup } from '../orders/BidPopup.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** The requester's counter-offer (once). */
export default function BidRequesterPopup({ close }: PopupProps) {
  return <BidPopup mode="requester" close={close} />;
}
