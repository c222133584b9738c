import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepConfirm } from '../orders/fulfil/StepConfirm.tsx';

/** The buyer has the goods: the order completes (escrow released to the traveller). */
export default function AcceptProductConfirmation({ close }: PopupProps) {
  return <StepConfirm close={close} popup="accept-product-confirmation" />;
}
