import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { formatDeadline, timeLeft } from '../../lib/orders/deadline.ts';
import { PAYMENT_TYPES, type OrderState, type PaymentType } from '../../lib/orders/vocabulary.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { openPopup } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { PayStart } from '../../lib/views/orders.ts';
import { Icon } from '../Icon.tsx';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { $cardCharge } from './card-store.ts';
import { MainAction } from './parts.tsx';

/** How often the page asks whether the payment arrived (real-time pushes come later). */
export const PAYMENT_POLL_MS = 4000;

interface Props {
  boot: Boot;
  order: { id: number; status: OrderState; total_price: number; payment_deadline: string | null };
  payment: { payment_type: PaymentType; status: string; redirect_url: string | null; expires_at: string } | null;
  instructions: { bank?: string; va_number?: string } | null;
}

export default function PaymentPanel(props: Props) {
  return (
    <IslandRoot boot={props.boot}>
      <Panel {...props} />
    </IslandRoot>
  );
}

/** The method chosen at checkout (?method=) or of the last attempt; bank transfer otherwise. */
function initialMethod(payment: Props['payment']): PaymentType {
  if (typeof window !== 'undefined') {
    const asked = new URLSearchParams(window.location.search).get('method');
    if (asked && (PAYMENT_TYPES as readonly string[]).includes(asked)) return asked as PaymentType;
  }
  return payment?.payment_type ?? 'bank_transfer';
}

function Panel({ order, payment, instructions }: Props) {
  const t = useT();
  const { locale } = useSession();
  const awaiting = order.status === 'awaiting_payment';
  const [method] = useState<PaymentType>(() => initialMethod(payment));
  const [busy, setBusy] = useState(false);

  // Poll the order while it waits for payment; reload once it changes (paid, expired, cancelled).
  useEffect(() => {
    if (!awaiting) return;
    let stopped = false;
    const timer = window.setInterval(async () => {
      try {
        const fresh = await api.get(`/transactions/${order.id}`);
        if (!stopped && fresh.status !== order.status) {
          stopped = true;
          window.location.reload();
        }
      } catch {
        // A missed poll is retried on the next tick.
      }
    }, PAYMENT_POLL_MS);
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, [awaiting, order.id, order.status]);

  async function pay() {
    setBusy(true);
    try {
      const { data } = await api<PayStart>('POST', `/transactions/${order.id}/pay`, { body: { payment_type: method } });
      if (data.redirect_url) {
        window.location.assign(data.redirect_url);
        return;
      }
      if (data.client_secret) {
        // A card: the credit-card popup confirms it with Stripe.js; this page keeps polling.
        $cardCharge.set({ orderId: order.id, amount: data.amount, clientSecret: data.client_secret });
        openPopup('credit-card');
      } else toast.error(t('errors:server'));
    } catch (err) {
      toast.error((err as Error).message);
    }
    setBusy(false);
  }

  if (!awaiting) {
    const cancelled = order.status === 'cancelled';
    return (
      <div
        role="status"
        data-testid="payment-state"
        className={`mt-6 flex items-start gap-3 rounded-2xl border p-4 sm:p-6 ${cancelled ? 'border-slate-200 bg-slate-50' : 'border-emerald-200 bg-emerald-50'}`}
      >
        <Icon name={cancelled ? 'alertCircle' : 'checkCircle'} className={`size-6 shrink-0 ${cancelled ? 'text-slate-500' : 'text-emerald-600'}`} />
        <div>
          <p className={`text-base font-bold ${cancelled ? 'text-slate-900' : 'text-emerald-900'}`}>{t(cancelled ? 'orders-buy:payment.cancelled' : 'orders-buy:payment.paid')}</p>
          <p className="mt-1 text-sm text-slate-700">{t(cancelled ? 'orders-buy:payment.cancelled_text' : 'orders-buy:payment.paid_text')}</p>
          <a href="/dashboard/purchase" className="mt-3 inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
            {t('orders-buy:payment.to_purchases')}
            <Icon name="chevronRight" className="size-4" />
          </a>
        </div>
      </div>
    );
  }

  return (
    <section className="mt-6 rounded-2xl border border-slate-200 bg-white p-4 sm:p-6" aria-labelledby="pay-heading" data-testid="payment-state">
      <h2 id="pay-heading" className="sr-only">{t('orders-buy:payment.title')}</h2>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <p className="text-sm text-slate-500">{t('orders-buy:pay.amount')}</p>
          <p className="text-3xl font-extrabold text-brand-600" data-testid="payment-amount">{formatRupiah(order.total_price)}</p>
        </div>
        {order.payment_deadline && <Countdown deadline={order.payment_deadline} />}
      </div>
      <dl className="mt-5 divide-y divide-slate-100 rounded-xl border border-slate-200 text-sm">
        <div className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
          <dt className="text-slate-500">{t('orders-buy:payment.method')}</dt>
          <dd className="font-semibold text-slate-900">{t(`orders:pay.method.${method}`)}</dd>
        </div>
        {instructions?.bank && (
          <div className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
            <dt className="text-slate-500">{t('orders-buy:pay.bank')}</dt>
            <dd className="font-semibold text-slate-900">{instructions.bank}</dd>
          </div>
        )}
        {instructions?.va_number && (
          <div className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
            <dt className="text-slate-500">{t('orders-buy:pay.va_number')}</dt>
            <dd className="font-mono text-base font-bold tracking-wider break-all text-slate-900">{instructions.va_number}</dd>
          </div>
        )}
        {order.payment_deadline && (
          <div className="flex flex-wrap items-baseline justify-between gap-2 px-4 py-3">
            <dt className="text-slate-500">{t('orders-buy:pay.deadline')}</dt>
            <dd className="font-semibold text-slate-900">
              <time dateTime={order.payment_deadline}>{formatDeadline(order.payment_deadline, locale)}</time>
            </dd>
          </div>
        )}
      </dl>
      <p className="mt-4 text-sm leading-6 text-slate-600">{t(instructions?.va_number ? 'orders-buy:payment.instructions_va' : method === 'card' ? 'orders-buy:payment.instructions_card' : 'orders-buy:payment.instructions_start')}</p>
      <MainAction onClick={pay} busy={busy}>
        {t('orders-buy:payment.pay')}
      </MainAction>
      <p className="mt-3 flex items-center gap-2 text-xs text-slate-500" aria-live="polite">
        <span aria-hidden="true" className="size-2 animate-pulse rounded-full bg-amber-400" />
        {t('orders-buy:payment.waiting')}
      </p>
    </section>
  );
}

/** A live countdown to the payment deadline, ticking every second. */
function Countdown({ deadline }: { deadline: string }) {
  const t = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeLeft(deadline, now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return (
    <div className="text-right">
      <p className="text-sm text-slate-500">{t('orders-buy:payment.time_left')}</p>
      <p role="timer" aria-label={t('orders-buy:payment.time_left_aria', { hours: left.hours, minutes: left.minutes })} className={`font-mono text-2xl font-bold tabular-nums ${left.total === 0 ? 'text-rose-600' : 'text-slate-900'}`} data-testid="countdown" suppressHydrationWarning>
        {left.total === 0 ? t('orders-buy:payment.expired') : `${pad(left.hours)}:${pad(left.minutes)}:${pad(left.seconds)}`}
      </p>
    </div>
  );
}
