import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { popupNext, type PopupProps } from '../../lib/stores/popup.ts';
import { PIcon } from '../posting/icons.tsx';
import { $closeTarget } from '../posting/request-close.ts';
import { Confirm } from '../ui/Dialog.tsx';
import { useAction } from '../ui/use-action.ts';
import { followNext } from './follow-next.ts';

/** 'Close this request?': POST /v1/users/requests/{id}/close, then back to the page with the server's message. */
export default function CloseRequestConfirmation({ close }: PopupProps) {
  const t = useT();
  const target = useStore($closeTarget);
  const [next] = useState(popupNext);
  const action = useAction();
  if (!target) return null;

  const run = () =>
    action.run(async () => {
      const res = await api('POST', `/users/requests/${target.id}/close`);
      return followNext(next, res.message, close);
    });

  return (
    <Confirm
      icon={<PIcon name="lock" />}
      title={t('posting:request.close_title')}
      confirmLabel={t('posting:request.close_confirm')}
      busyLabel={t('posting:request.closing')}
      busy={action.busy}
      onConfirm={() => void run()}
      onCancel={close}
      data-testid="close-request-confirmation"
    >
      {t('posting:request.close_text', { name: target.name })}
    </Confirm>
  );
}
