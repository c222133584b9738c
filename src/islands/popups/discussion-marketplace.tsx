import { AskQuestionForm } from '../catalogue/AskQuestionForm.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** 'Ask a question' about a marketplace pre-order (shared popup state `id`: the product). */
export default function DiscussionMarketplacePopup({ close }: PopupProps) {
  return <AskQuestionForm close={close} subject="product" />;
}
