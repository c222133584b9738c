import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepConfirm } from '../orders/fulfil/StepConfirm.tsx';

/** The buyer collected the goods: the order completes (escrow released to the traveller). */
export default function PickupConfirmation({ close }: PopupProps) {
  return <StepConfirm close={close} popup="pickup-confirmation" />;
}
