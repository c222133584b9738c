import { BidPopup } from '../orders/BidPopup.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** Changes the tip and shipping fee of one's own open offer. */
export default function BidUpdatePopup({ close }: PopupProps) {
  return <BidPopup mode="update" close={close} />;
}
