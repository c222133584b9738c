import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { bidUpdateSchema, requesterCounterSchema, travelerCounterSchema } from '../../lib/schemas/orders.ts';
import { DialogActions as PopupActions, DialogBody as PopupBody, DialogHeader as PopupHeader } from '../ui/Dialog.tsx';
import { buttonClass } from '../ui/Button.tsx';
const primaryButton = buttonClass({ variant: 'primary' });
const secondaryButton = buttonClass({ variant: 'secondary' });
import { checkWith, FeePreview, MoneyField, useOrderCall } from './DealParts.tsx';
import { $orderTarget } from './order-target.ts';

/** bid-requester, bid-traveler (a counter-offer, once per side) and bid-update (tip and shipping of one's open offer). */
export function BidPopup({ mode, close }: { mode: 'requester' | 'traveler' | 'update'; close: () => void }) {
  const t = useT();
  const order = useStore($orderTarget);
  const [price, setPrice] = useState<number | null>(order?.product_price ?? null);
  const [tip, setTip] = useState<number | null>(order?.traveler_tip ?? null);
  const [shipping, setShipping] = useState<number | null>(order?.shipping_fee ?? null);
  const { busy, errors, setErrors, run, clearing } = useOrderCall();
  if (!order) return null;
  const update = mode === 'update';

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!order) return;
    const amounts = { traveler_tip: tip, shipping_fee: shipping, ...(update ? {} : { product_price: price }) };
    if (mode === 'requester') {
      const { data, errors: found } = checkWith(requesterCounterSchema, { ...amounts, transaction_id: order.id }, t);
      setErrors(found);
      if (data) void run('POST', '/transactions/request-bid/requester', data);
    } else if (mode === 'traveler') {
      const { data, errors: found } = checkWith(travelerCounterSchema, amounts, t);
      setErrors(found);
      if (data) void run('POST', `/transactions/request-bid/traveler/transaction/${order.id}`, data);
    } else {
      const { data, errors: found } = checkWith(bidUpdateSchema, amounts, t);
      setErrors(found);
      if (data) void run('PUT', `/transactions/request-bid/${order.id}/update`, data);
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid={update ? 'bid-update' : `bid-${mode}`}>
      <PopupHeader
        title={t(update ? 'orders-deal:popup.update_title' : 'orders-deal:popup.counter_title')}
        description={t(update ? 'orders-deal:popup.update_body' : 'orders-deal:popup.counter_body')}
      />
      <PopupBody className="space-y-3">
        {!update && <MoneyField id="product_price" label={t('orders-deal:popup.product_price')} value={price} onValue={clearing('product_price', setPrice)} error={errors.product_price} autoFocus />}
        <MoneyField id="traveler_tip" label={t('orders-deal:popup.traveler_tip')} value={tip} onValue={clearing('traveler_tip', setTip)} error={errors.traveler_tip} autoFocus={update} />
        <MoneyField id="shipping_fee" label={t('orders-deal:popup.shipping_fee')} value={shipping} onValue={clearing('shipping_fee', setShipping)} error={errors.shipping_fee} />
        <FeePreview productPrice={update ? order.product_price : price} tip={tip} shipping={shipping} platformPercent={order.role === 'traveler' ? order.platform_fee_percent : undefined} />
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={secondaryButton}>
          {t('orders-deal:popup.keep')}
        </button>
        <button type="submit" disabled={busy} className={primaryButton}>
          {busy ? t('orders-deal:action.working') : t(update ? 'orders-deal:popup.save' : 'orders-deal:popup.send')}
        </button>
      </PopupActions>
    </form>
  );
}
