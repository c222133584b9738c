import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { createActionKey } from '../../lib/idempotency.ts';
import { api, isUnauthenticated } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { buyerTotals, lineTotal } from '../../lib/money/index.ts';
import { CHECKOUT_STORAGE_KEY, groupByTrip, readCheckout, writeCheckout, type CheckoutItem } from '../../lib/orders/checkout-items.ts';
import { $popupState, openPopup, resetPopups, setPopupState } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { AddressView } from '../../lib/views/index.ts';
import { Icon } from '../Icon.tsx';
import { IslandRoot } from '../IslandRoot.tsx';
import { addressLines } from '../settings/address-lines.ts';
import { refreshCart } from './cart-store.ts';
import { MainAction, TripHeader } from './parts.tsx';
import { $chosenCouriers, $courierQuery, $paymentMethod } from './checkout-store.ts';
import { formatPhone } from '../../lib/phone-format.ts';

export default function CheckoutPage({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Checkout />
    </IslandRoot>
  );
}

const card = 'rounded-2xl border border-slate-200 bg-white p-4 sm:p-5';
const outlineButton =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

function Checkout() {
  const t = useT();
  const [items, setItems] = useState<CheckoutItem[] | null>(null);
  const address = useStore($popupState).address as AddressView | null | undefined;
  const couriers = useStore($chosenCouriers);
  const method = useStore($paymentMethod);
  const [tried, setTried] = useState(false);
  const [placing, setPlacing] = useState(false);
  // One idempotency key per "Place order": pressed again after a lost answer, it orders once.
  const [checkoutAction] = useState(createActionKey);

  // The list comes from browser storage; the newest address is preselected.
  useEffect(() => {
    setItems(readCheckout(localStorage));
    if (!$popupState.get().address) {
      api.get('/addresses', { query: { per_page: 100, orderBy: 'created_at', sort: 'desc' } })
        .then((data) => {
          if (!$popupState.get().address && data.rows[0]) setPopupState({ address: data.rows[0] });
        })
        .catch(() => undefined);
    }
  }, []);

  // A different address means different quotes: choose the couriers again.
  const addressId = address?.id;
  useEffect(() => {
    $chosenCouriers.set({});
  }, [addressId]);

  const groups = useMemo(() => groupByTrip(items ?? []), [items]);
  const totals = groups.map((g) => {
    const productPrice = g.items.reduce((sum, i) => sum + lineTotal(i.product_price, i.quantity), 0);
    const courier = couriers[String(g.trip_id)];
    return { trip_id: g.trip_id, productPrice, courier, ...buyerTotals({ productPrice, travelerTip: 0, shippingFee: courier?.total_price ?? 0 }) };
  });
  const grand = totals.reduce((acc, x) => ({ products: acc.products + x.productPrice, shipping: acc.shipping + (x.courier?.total_price ?? 0), fee: acc.fee + x.serviceFee, total: acc.total + x.total }), { products: 0, shipping: 0, fee: 0, total: 0 });

  function setNotes(productId: number, notes: string) {
    setItems((list) => {
      const next = (list ?? []).map((i) => (i.product_id === productId ? { ...i, notes } : i));
      writeCheckout(localStorage, next);
      return next;
    });
  }

  function chooseCourier(tripId: number) {
    if (!address?.sub_district_id) {
      setTried(true);
      toast.error(t('orders:checkout.address_not_shippable'));
      return;
    }
    const group = groups.find((g) => g.trip_id === tripId);
    $courierQuery.set({ trip_id: tripId, destination_sub_district_id: address.sub_district_id, products: (group?.items ?? []).map((i) => ({ product_id: i.product_id, quantity: i.quantity })) });
    openPopup('select-courier');
  }

  const missingCourier = groups.some((g) => !couriers[String(g.trip_id)]);

  async function placeOrder() {
    setTried(true);
    if (!address) return toast.error(t('orders:checkout.choose_address'));
    if (missingCourier) return toast.error(t('orders:checkout.choose_courier'));
    if (!method) return toast.error(t('orders:pay.choose_method'));
    setPlacing(true);
    try {
      const { data } = await api<{ transactions: { id: number; total_price: number }[] }>('POST', '/transactions/checkout', {
        action: checkoutAction,
        body: {
          address_id: address.id,
          items: (items ?? []).map((i) => ({ product_id: i.product_id, quantity: i.quantity, notes: i.notes.trim() || undefined, cart_id: i.cart_id ?? undefined })),
          shipping: groups.map((g) => ({ trip_id: g.trip_id, shipping_id: couriers[String(g.trip_id)].shipping_id })),
        },
      });
      localStorage.removeItem(CHECKOUT_STORAGE_KEY);
      const payWith = method.payment_type;
      resetPopups();
      $chosenCouriers.set({});
      await refreshCart().catch(() => undefined);
      const orders = data.transactions;
      location.assign(orders.length === 1 ? `/dashboard/payment/${orders[0].id}?method=${payWith}` : '/dashboard/purchase');
    } catch (err) {
      if (isUnauthenticated(err)) return location.assign('/login?redirect=%2Fcheckout');
      toast.error((err as Error).message);
      setPlacing(false);
    }
  }

  if (items === null) {
    return (
      <div role="status" className="mt-6 flex items-center justify-center gap-2 py-10 text-sm text-slate-500">
        <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-200 border-t-brand-500" />
        {t('orders-buy:common.loading')}
      </div>
    );
  }
  if (items.length === 0) {
    return (
      <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
        <Icon name="bag" className="size-10 text-slate-300" />
        <p className="mt-3 text-base font-semibold text-slate-900">{t('orders:checkout.empty')}</p>
        <div className="mt-4 flex flex-col gap-2 sm:flex-row">
          <a href="/cart" className={outlineButton}>{t('orders-buy:cart.open')}</a>
          <a href="/products/marketplace" className={outlineButton}>{t('orders-buy:cart.browse')}</a>
        </div>
      </div>
    );
  }

  const lines = address ? addressLines(address) : null;
  return (
    <div className="mt-6 grid gap-5 lg:grid-cols-[1fr_22rem] lg:items-start">
      <div className="space-y-5">
        <section className={card} aria-labelledby="checkout-address">
          <div className="flex items-center justify-between gap-3">
            <h2 id="checkout-address" className="flex items-center gap-2 text-base font-bold text-slate-900">
              <Icon name="mapPin" className="size-5 text-brand-600" />
              {t('orders-buy:checkout.address')}
            </h2>
            <button type="button" onClick={() => openPopup('select-address')} className={outlineButton}>
              {address ? t('orders-buy:checkout.change') : t('orders-buy:checkout.choose_address')}
            </button>
          </div>
          {address && lines ? (
            <div className="mt-3 text-sm" data-testid="checkout-address">
              <p className="font-semibold text-slate-900">
                <span className="mr-2 rounded-md bg-slate-100 px-2 py-0.5 text-xs text-slate-700">{address.label}</span>
                {address.name} <span className="font-normal text-slate-500">· {formatPhone(address.phone_number)}</span>
              </p>
              <p className="mt-1 text-slate-600">{lines.street}</p>
              <p className="text-slate-600">{[lines.area, lines.country].filter(Boolean).join(', ')}</p>
            </div>
          ) : (
            <p className={`mt-3 text-sm ${tried ? 'font-medium text-rose-600' : 'text-slate-500'}`} role={tried ? 'alert' : undefined}>
              {t('orders:checkout.choose_address')}
            </p>
          )}
        </section>

        {groups.map((g) => {
          const first = g.items[0];
          const x = totals.find((y) => y.trip_id === g.trip_id)!;
          return (
            <section key={g.trip_id} className={card} aria-label={t('orders-buy:cart.trip_of', { name: first.user.name })} data-testid="checkout-group">
              <TripHeader traveller={{ name: first.user.name, photo: first.user.photo || null }} trip={first.trip} className="pb-3" />
              <ul className="divide-y divide-slate-100">
                {g.items.map((i) => (
                  <li key={i.product_id} className="py-3">
                    <div className="flex gap-3">
                      <img src={i.product_photo} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover" />
                      <div className="min-w-0 flex-1">
                        <p className="line-clamp-2 text-sm font-semibold text-slate-900">{i.product_name}</p>
                        <p className="text-sm text-slate-600">
                          {i.quantity} × {formatRupiah(i.product_price)}
                        </p>
                      </div>
                      <p className="text-sm font-bold text-slate-900">{formatRupiah(lineTotal(i.product_price, i.quantity))}</p>
                    </div>
                    <label className="mt-2 block">
                      <span className="text-xs font-medium text-slate-600">{t('orders-buy:checkout.notes', { name: i.product_name })}</span>
                      <textarea
                        value={i.notes}
                        onChange={(e) => setNotes(i.product_id, e.target.value)}
                        maxLength={500}
                        rows={2}
                        placeholder={t('orders-buy:checkout.notes_placeholder')}
                        className="mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:ring-2 focus:ring-brand-200 focus:outline-none"
                      />
                    </label>
                  </li>
                ))}
              </ul>
              <div className="mt-1 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-3 py-3">
                <div className="min-w-0">
                  <p className="text-xs text-slate-500">{t('orders-buy:checkout.courier')}</p>
                  {x.courier ? (
                    <p className="text-sm font-semibold text-slate-900" data-testid="chosen-courier">
                      {x.courier.courier_name} · {formatRupiah(x.courier.total_price)}
                    </p>
                  ) : (
                    <p className={`text-sm ${tried ? 'font-medium text-rose-600' : 'text-slate-500'}`} role={tried ? 'alert' : undefined}>
                      {t('orders:checkout.choose_courier')}
                    </p>
                  )}
                </div>
                <button type="button" onClick={() => chooseCourier(g.trip_id)} className={outlineButton}>
                  <Icon name="cube" className="size-4" />
                  {x.courier ? t('orders-buy:checkout.change') : t('orders-buy:checkout.choose_courier')}
                </button>
              </div>
              <p className="mt-3 flex justify-between text-sm">
                <span className="text-slate-600">{t('orders-buy:totals.subtotal')}</span>
                <span className="font-semibold text-slate-900">{formatRupiah(x.total)}</span>
              </p>
            </section>
          );
        })}
      </div>

      <aside className="space-y-5 lg:sticky lg:top-24">
        <section className={card} aria-labelledby="checkout-method">
          <h2 id="checkout-method" className="flex items-center gap-2 text-base font-bold text-slate-900">
            <Icon name="wallet" className="size-5 text-brand-600" />
            {t('orders-buy:payment.method')}
          </h2>
          {method ? (
            <p className="mt-2 text-sm font-semibold text-slate-900" data-testid="chosen-method">{method.name}</p>
          ) : (
            <p className={`mt-2 text-sm ${tried ? 'font-medium text-rose-600' : 'text-slate-500'}`} role={tried ? 'alert' : undefined}>
              {t('orders:pay.choose_method')}
            </p>
          )}
          <button type="button" onClick={() => openPopup('select-payment-method')} className={`${outlineButton} mt-3 w-full`}>
            {method ? t('orders-buy:checkout.change') : t('orders-buy:checkout.choose_method')}
          </button>
        </section>

        <section className={card} aria-labelledby="checkout-summary">
          <h2 id="checkout-summary" className="text-base font-bold text-slate-900">{t('orders-buy:payment.summary')}</h2>
          <dl className="mt-3 space-y-1.5 text-sm">
            <div className="flex justify-between gap-3"><dt className="text-slate-600">{t('orders-buy:totals.products')}</dt><dd className="shrink-0 whitespace-nowrap text-slate-900">{formatRupiah(grand.products)}</dd></div>
            <div className="flex justify-between gap-3"><dt className="text-slate-600">{t('orders-buy:totals.shipping')}</dt><dd className="shrink-0 whitespace-nowrap text-slate-900">{missingCourier ? '—' : formatRupiah(grand.shipping)}</dd></div>
            <div className="flex justify-between gap-3"><dt className="text-slate-600">{t('orders-buy:totals.service_fee')}</dt><dd className="shrink-0 whitespace-nowrap text-slate-900">{formatRupiah(grand.fee)}</dd></div>
            <div className="flex justify-between gap-3 border-t border-slate-100 pt-2 text-base font-bold">
              <dt className="text-slate-900">{t('orders-buy:totals.total')}</dt>
              <dd className="text-brand-600" data-testid="checkout-total">{formatRupiah(grand.total)}</dd>
            </div>
          </dl>
          {groups.length > 1 && <p className="mt-2 text-xs text-slate-500">{t('orders-buy:checkout.several_orders', { count: groups.length })}</p>}
          <MainAction onClick={placeOrder} busy={placing}>
            {t('orders-buy:checkout.place_order')}
          </MainAction>
        </section>
      </aside>
    </div>
  );
}
