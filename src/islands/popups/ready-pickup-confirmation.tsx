import type { PopupProps } from '../../lib/stores/popup.ts';
import { StepConfirm } from '../orders/fulfil/StepConfirm.tsx';

/** The traveller has the goods with them: the buyer is told to collect them. */
export default function ReadyPickupConfirmation({ close }: PopupProps) {
  return <StepConfirm close={close} popup="ready-pickup-confirmation" />;
}
