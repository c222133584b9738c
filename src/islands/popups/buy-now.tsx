import { useStore } from '@nanostores/react';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { DialogActions, DialogBody, DialogHeader } from '../ui/Dialog.tsx';
import { Button } from '../ui/Button.tsx';
import { writeCheckout } from '../../lib/orders/checkout-items.ts';
import { formatDate } from '../../lib/format.ts';
import { Avatar } from '../Avatar.tsx';
import { useSession } from '../IslandRoot.tsx';
import { $buyNowItem } from '../orders/buy-now-store.ts';

/**
 * Buy now: one product, quantity fixed at 1. Continuing writes the one-item `checkout` list
 * and opens /checkout (address, courier and payment method are chosen there).
 */
export default function BuyNowPopup({ close }: PopupProps) {
  const t = useT();
  const { locale } = useSession();
  const item = useStore($buyNowItem);
  if (!item) return null;

  function proceed() {
    writeCheckout(localStorage, [{ ...item!, quantity: 1 }]);
    location.assign('/checkout');
  }

  return (
    <div>
      <DialogHeader title={t('orders-buy:buy_now.title')} description={t('orders-buy:buy_now.description')} />
      <DialogBody className="pb-4">
        <div className="flex gap-3 rounded-xl border border-slate-200 p-3">
          <img src={item.product_photo} alt="" width={72} height={72} className="size-18 shrink-0 rounded-lg bg-slate-100 object-cover" />
          <div className="min-w-0 flex-1">
            <p className="line-clamp-2 text-sm font-semibold text-slate-900">{item.product_name}</p>
            <p className="mt-0.5 text-base font-bold text-brand-600">{formatRupiah(item.product_price)}</p>
            <p className="mt-1 text-xs text-slate-500">
              {item.trip.origin_city.name} → {item.trip.destination_city.name} · {t('card.arrives', { date: formatDate(item.trip.arrival_date, locale) })}
            </p>
          </div>
        </div>
        <dl className="mt-3 space-y-2 text-sm">
          <div className="flex items-center justify-between gap-3">
            <dt className="text-slate-600">{t('orders-buy:buy_now.quantity')}</dt>
            <dd className="font-semibold text-slate-900" data-testid="buy-now-quantity">1</dd>
          </div>
          <div className="flex items-center justify-between gap-3">
            <dt className="text-slate-600">{t('orders-buy:buy_now.traveller')}</dt>
            <dd className="flex min-w-0 items-center gap-2 font-semibold text-slate-900">
              <Avatar name={item.user.name} photo={item.user.photo || null} className="size-6 text-[10px]" />
              <span className="truncate">{item.user.name}</span>
            </dd>
          </div>
        </dl>
        <p className="mt-3 text-xs leading-5 text-slate-500">{t('orders-buy:buy_now.quantity_note')}</p>
      </DialogBody>
      <DialogActions>
        <Button variant="secondary" onClick={close}>{t('orders-buy:common.cancel')}</Button>
        <Button onClick={proceed} data-autofocus>{t('orders-buy:buy_now.continue')}</Button>
      </DialogActions>
    </div>
  );
}
