import { BidPopup } from '../orders/BidPopup.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** The traveller's counter-offer back (once). */
export default function BidTravelerPopup({ close }: PopupProps) {
  return <BidPopup mode="traveler" close={close} />;
}
