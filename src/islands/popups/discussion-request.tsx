import { AskQuestionForm } from '../catalogue/AskQuestionForm.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** 'Ask a question' about a buyer request (shared popup state `id`: the request). */
export default function DiscussionRequestPopup({ close }: PopupProps) {
  return <AskQuestionForm close={close} subject="request" />;
}
