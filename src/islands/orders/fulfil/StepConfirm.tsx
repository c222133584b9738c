import { useStore } from '@nanostores/react';
import { useT } from '../../../lib/i18n/react.tsx';
import { api } from '../../../lib/api.ts';
import type { PopupProps } from '../../../lib/stores/popup.ts';
import { Confirm } from '../../ui/Dialog.tsx';
import { flashAndGo } from '../../ui/flash.ts';
import { useAction } from '../../ui/use-action.ts';
import { $fulfilTarget, orderPath } from '../fulfil-target.ts';

/**
 * A fulfilment step that needs only a yes: one POST on the order, then the detail page again
 * with the server's message. A step that completes the order comes back with `?finished=1`,
 * which opens finish-order.
 */
const STEPS = {
  'ready-pickup-confirmation': { path: 'ready-pickup', words: 'ready', completes: false },
  'pickup-confirmation': { path: 'done', words: 'pickup', completes: true },
  'accept-product-confirmation': { path: 'accepted', words: 'accept', completes: true },
} as const;

export function StepConfirm({ close, popup }: PopupProps & { popup: keyof typeof STEPS }) {
  const t = useT();
  const { path, words, completes } = STEPS[popup];
  const order = useStore($fulfilTarget);
  const action = useAction();
  if (!order) return null;
  const run = () =>
    action.run(async () => {
      const res = await api('POST', `/transactions/${order.id}/${path}`);
      flashAndGo(res.message, completes ? `${orderPath(order)}?finished=1` : orderPath(order));
      return 'navigating';
    });
  return (
    <Confirm
      data-testid={popup}
      title={t(`orders-fulfil:${words}.title`)}
      confirmLabel={t(`orders-fulfil:${words}.confirm`)}
      busyLabel={t('orders-deal:action.working')}
      busy={action.busy}
      onConfirm={() => void run()}
      onCancel={close}
    >
      {t(`orders-fulfil:${words}.body`)}
    </Confirm>
  );
}
