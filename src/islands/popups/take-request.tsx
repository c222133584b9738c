import { RequestDealPopup } from '../orders/RequestDealPopup.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** A traveller takes a request at the requester's terms. */
export default function TakeRequestPopup({ close }: PopupProps) {
  return <RequestDealPopup mode="take" close={close} />;
}
