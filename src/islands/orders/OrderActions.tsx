import { useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { OrderEvent } from '../../lib/orders/vocabulary.ts';
import { openPopup, type PopupName } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { TransactionView } from '../../lib/views/orders.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { flashAndGo, showFlash } from '../ui/flash.ts';
import { $fulfilTarget } from './fulfil-target.ts';
import { $helpTarget } from './help-target.ts';
import { $orderTarget } from './order-target.ts';

/** Events answered in a popup (SPEC §2 names). */
const POPUP_OF: Partial<Record<OrderEvent, PopupName>> = {
  accept_offer: 'accept-bid-confirmation',
  reject_offer: 'reject-bid-confirmation',
  counter_by_requester: 'bid-requester',
  counter_by_traveler: 'bid-traveler',
  update_bid: 'bid-update',
  cancel: 'cancel-order-confirmation',
  // Fulfilment.
  deliver: 'shipping-confirmation',
  ready_pickup: 'ready-pickup-confirmation',
  accept_delivery: 'accept-product-confirmation',
  pickup_done: 'pickup-confirmation',
  // After-sales (the complaint itself is a page: /dashboard/purchase/refund/{id}).
  ship_return: 'refund-shipping-confirmation',
  accept_refund: 'accept-refund',
  reject_refund: 'reject-refund',
  finish_refund: 'finish-refund',
  cancel_refund: 'cancel-refund-confirmation',
  approve_rejection: 'confirm-refund-rejection',
  appeal: 'appeal-submission',
  ship_appeal_return: 'banding-shipping-confirmation',
  report_return_problem: 'retur-problem',
};
/** Events that open a page of their own. */
const PAGE_OF: Partial<Record<OrderEvent, (id: number) => string>> = {
  confirm_purchase: (id) => `/dashboard/sell/purchase-confirmation/${id}`,
  complain: (id) => `/dashboard/purchase/refund/${id}`,
};
/** Events that need nothing but a click: one POST each. */
const DIRECT: Partial<Record<OrderEvent, string>> = {};
/** Button words kept in the fulfilment and after-sales namespaces. */
const LABELS: Partial<Record<OrderEvent, string>> = {
  confirm_purchase: 'orders-fulfil:action.confirm_purchase',
  deliver: 'orders-fulfil:action.deliver',
};
/** The order the buttons appear in: answering first, cancelling last. */
const ORDER: OrderEvent[] = [
  'accept_offer', 'counter_by_requester', 'counter_by_traveler', 'update_bid', 'confirm_purchase', 'deliver', 'ready_pickup', 'accept_delivery', 'pickup_done',
  'ship_return', 'accept_refund', 'finish_refund', 'ship_appeal_return', 'finish_appeal', 'approve_rejection', 'appeal', 'complain',
  'reject_refund', 'report_return_problem', 'cancel_refund', 'reject_offer', 'cancel',
];
/** Events whose button is styled as a refusal. */
const DANGER: OrderEvent[] = ['cancel', 'reject_offer', 'reject_refund', 'cancel_refund'];

const base = 'inline-flex h-11 items-center justify-center rounded-xl px-5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60';
const primary = `${base} bg-brand-500 text-white shadow-sm hover:bg-brand-600`;
const secondary = `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`;
const danger = `${base} border border-red-200 bg-white text-red-700 hover:bg-red-50 focus-visible:outline-red-600`;

/** Exactly the buttons the API listed in `actions`, plus the requester's Pay link while payment is due. */
export default function OrderActions({ boot, order }: { boot: Boot; order: TransactionView }) {
  return (
    <IslandRoot boot={boot}>
      <Buttons order={order} />
    </IslandRoot>
  );
}

function Buttons({ order }: { order: TransactionView }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [reloading, setReloading] = useState(false);
  useEffect(() => {
    showFlash();
    $orderTarget.set({
      id: order.id,
      role: order.viewer_role,
      quantity: order.products.reduce((n, p) => n + p.quantity, 0) || 1,
      product_price: order.product_price,
      traveler_tip: order.traveler_tip,
      shipping_fee: order.shipping_fee,
      total_price: order.total_price,
      platform_fee_percent: order.platform_fee_percent ?? 0,
    });
    $fulfilTarget.set({
      id: order.id,
      role: order.viewer_role,
      other_name: order.viewer_role === 'traveler' ? order.user.name : order.traveler.name,
      traveler_total: order.traveler_total,
      can_rate: order.can_rate,
    });
    $helpTarget.set({ id: order.id, topics: order.help_topics });
    // A step that completed the order comes back with ?finished=1: say so, and invite a review.
    if (order.status === 'completed' && new URLSearchParams(location.search).has('finished')) openPopup('finish-order');
  }, [order]);
  const label = (event: OrderEvent) => t(LABELS[event] ?? `orders-deal:action.${event}`, { defaultValue: t(`orders-after:action.${event}`) });

  /** Appeal finished: the message shows, then the page reloads after 3 seconds (SPEC §4). */
  async function finishAppeal() {
    setBusy(true);
    try {
      const res = await api('POST', `/transactions/appeal/${order.id}/done`);
      toast.success(res.message ?? '');
      setReloading(true);
      setTimeout(() => window.location.reload(), 3000);
    } catch (err) {
      setBusy(false);
      toast.error(err instanceof ApiError ? err.message : t('errors:network'));
    }
  }

  async function direct(path: string) {
    setBusy(true);
    try {
      const res = await api('POST', `/transactions/${order.id}/${path}`);
      flashAndGo(res.message);
    } catch (err) {
      setBusy(false);
      toast.error(err instanceof ApiError ? err.message : t('errors:network'));
    }
  }

  const shown = ORDER.filter((e) => order.actions.includes(e) && (POPUP_OF[e] || DIRECT[e] || PAGE_OF[e] || e === 'finish_appeal'));
  const pay = order.viewer_role === 'requester' && order.status === 'awaiting_payment';
  const rate = order.can_rate;
  const rateButton = rate && (
    <button type="button" data-action="rate" className={shown.length || pay ? secondary : primary} onClick={() => openPopup(rate === 'traveler' ? 'review-traveller' : 'review-buyer')}>
      {t(`orders-fulfil:action.rate_${rate}`)}
    </button>
  );
  const help = (
    <button type="button" className={`${secondary} sm:ml-auto`} data-action="help" onClick={() => openPopup('help-transaction', { id: order.id })}>
      {t('orders-after:help.open')}
    </button>
  );
  if (reloading) return <p role="status" className="text-sm text-slate-700">{t('orders-after:popup.reloading')}</p>;
  if (!shown.length && !pay && !rate)
    return (
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm text-slate-600">{t('orders-deal:detail.no_actions')}</p>
        {help}
      </div>
    );
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap" data-testid="order-actions">
      {pay && (
        <a href={`/dashboard/payment/${order.id}`} className={primary} data-action="pay">
          {t('orders-deal:action.pay')}
        </a>
      )}
      {shown.map((event, i) => {
        const popup = POPUP_OF[event];
        const path = DIRECT[event];
        const page = PAGE_OF[event];
        const style = DANGER.includes(event) ? danger : i === 0 && !pay ? primary : secondary;
        if (page)
          return (
            <a key={event} href={page(order.id)} data-action={event} className={style}>
              {label(event)}
            </a>
          );
        if (event === 'finish_appeal')
          return (
            <button key={event} type="button" data-action={event} disabled={busy} className={style} onClick={() => void finishAppeal()}>
              {busy ? t('orders-deal:action.working') : t('orders-after:action.finish_appeal')}
            </button>
          );
        return (
          <button
            key={event}
            type="button"
            data-action={event}
            disabled={busy}
            className={style}
            onClick={() => (popup ? openPopup(popup, { id: order.id }) : path && void direct(path))}
          >
            {busy && path ? t('orders-deal:action.working') : label(event)}
          </button>
        );
      })}
      {rateButton}
      {help}
    </div>
  );
}
