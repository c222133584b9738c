import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { openPopup, popupNext, type PopupProps } from '../../lib/stores/popup.ts';
import { $deleteTarget } from '../posting/delete-target.ts';
import { PIcon } from '../posting/icons.tsx';
import { Confirm } from '../ui/Dialog.tsx';
import { useAction } from '../ui/use-action.ts';
import { followNext } from './follow-next.ts';

/**
 * 'Delete this pre-order / request?': DELETE /v1/users/products/{id} (or requests), then where
 * the opener asked (`next`, the list page) with the server's message. A product with active
 * orders answers 409: the `disable-edit-product` popup explains why instead.
 */
export default function DeleteProductConfirmation({ close }: PopupProps) {
  const t = useT();
  const target = useStore($deleteTarget);
  const [next] = useState(popupNext);
  const action = useAction();
  if (!target) return null;
  const ns = target.kind === 'product' ? 'posting:product' : 'posting:request';

  const remove = () =>
    action.run(
      async () => {
        const res = await api('DELETE', `/users/${target.kind === 'product' ? 'products' : 'requests'}/${target.id}`);
        return followNext(next, res.message, close);
      },
      (err) => {
        if (err.code !== 'BLOCKED') return false;
        openPopup('disable-edit-product');
        return true;
      },
    );

  return (
    <Confirm
      danger
      icon={<PIcon name="trash" />}
      title={t(`${ns}.delete_title`)}
      confirmLabel={t('ui.delete')}
      busyLabel={t('ui.deleting')}
      busy={action.busy}
      onConfirm={() => void remove()}
      onCancel={close}
    >
      {t(`${ns}.delete_text`, { name: target.name })}
    </Confirm>
  );
}
