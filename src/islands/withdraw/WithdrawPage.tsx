import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { formatDate, formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Locale } from '../../lib/i18n/index.ts';
import { openPopup } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import type { BalancePosting, BalanceView, PayoutStatus, PayoutView } from '../../lib/views/index.ts';
import { Icon } from '../Icon.tsx';
import { IslandRoot } from '../IslandRoot.tsx';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Skeleton } from '../ui/Skeleton.tsx';
import { $balanceChanged } from './store.ts';

/** While a withdrawal is on its way, the page asks again this often (the payout ends by itself). */
const POLL_MS = 3000;

export default function WithdrawPageIsland({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <WithdrawPage locale={boot.locale} />
    </IslandRoot>
  );
}

const statusStyle: Record<PayoutStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-200',
  processing: 'bg-sky-50 text-sky-800 ring-sky-200',
  completed: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  failed: 'bg-red-50 text-red-800 ring-red-200',
};

function StatusBadge({ status }: { status: PayoutStatus }) {
  const t = useT();
  return (
    <span data-status={status} className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${statusStyle[status]}`}>
      {t(`withdraw:status.${status}`)}
    </span>
  );
}

/** /dashboard/withdraw: the balance, withdrawals on their way, every withdrawal and posting. */
function WithdrawPage({ locale }: { locale: Locale }) {
  const t = useT();
  const changed = useStore($balanceChanged);
  const [view, setView] = useState<BalanceView | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setView(await api.get('/balances'));
      setFailed(null);
    } catch (err) {
      setFailed(err instanceof ApiError ? err.message : t('withdraw:page.load_failed'));
    }
  }, []);

  useEffect(() => {
    void load();
  }, [changed]);

  const inFlight = view?.withdrawals.some((w) => w.status === 'pending' || w.status === 'processing') ?? false;
  useEffect(() => {
    if (!inFlight) return;
    const timer = setInterval(() => void load(), POLL_MS);
    return () => clearInterval(timer);
  }, [inFlight]);

  if (failed && !view)
    return (
      <div className="space-y-4">
        <Alert kind="error">{failed}</Alert>
        <Button variant="secondary" onClick={() => void load()}>
          {t('withdraw:page.retry')}
        </Button>
      </div>
    );

  return (
    <div className="space-y-6" aria-busy={!view}>
      <section className="grid gap-4 sm:grid-cols-2" aria-label={t('withdraw:page.title')}>
        <div className="rounded-2xl border border-slate-200 bg-white p-5">
          <p className="text-sm text-slate-500">{t('withdraw:page.available')}</p>
          {view ? (
            <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums" data-testid="balance-available">
              {formatRupiah(view.balance)}
            </p>
          ) : (
            <Skeleton className="mt-2 h-8 w-40" />
          )}
          <Button className="mt-4" icon={<Icon name="wallet" className="size-5" />} onClick={() => openPopup('withdraw')} disabled={!view}>
            {t('withdraw:page.withdraw')}
          </Button>
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-5">
          <p className="text-sm text-slate-500">{t('withdraw:page.pending')}</p>
          {view ? (
            <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums" data-testid="balance-pending">
              {formatRupiah(view.pending_withdrawal)}
            </p>
          ) : (
            <Skeleton className="mt-2 h-8 w-32" />
          )}
        </div>
      </section>

      {!view ? (
        <div className="space-y-3" role="status" aria-label={t('withdraw:page.loading')}>
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </div>
      ) : view.history.length === 0 && view.withdrawals.length === 0 ? (
        <EmptyState icon={<Icon name="wallet" className="size-7" />} title={t('withdraw:page.empty_title')} text={t('withdraw:page.empty_text')} />
      ) : (
        <>
          <section aria-labelledby="withdrawals-heading" className="rounded-2xl border border-slate-200 bg-white">
            <h2 id="withdrawals-heading" className="border-b border-slate-100 px-5 py-3 font-semibold text-slate-900">
              {t('withdraw:page.withdrawals')}
            </h2>
            {view.withdrawals.length === 0 ? (
              <p className="px-5 py-4 text-sm text-slate-500">{t('withdraw:page.no_withdrawals')}</p>
            ) : (
              <ul className="divide-y divide-slate-100" data-testid="withdrawals">
                {view.withdrawals.map((w) => (
                  <WithdrawalRow key={w.id} payout={w} locale={locale} />
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="history-heading" className="rounded-2xl border border-slate-200 bg-white">
            <h2 id="history-heading" className="border-b border-slate-100 px-5 py-3 font-semibold text-slate-900">
              {t('withdraw:page.history')}
            </h2>
            <ul className="divide-y divide-slate-100" data-testid="history">
              {view.history.map((p) => (
                <PostingRow key={p.id} posting={p} locale={locale} />
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

function WithdrawalRow({ payout: w, locale }: { payout: PayoutView; locale: Locale }) {
  const t = useT();
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-5 py-3" data-payout={w.id}>
      <div className="min-w-0">
        <p className="font-medium text-slate-900 tabular-nums">{formatRupiah(w.amount)}</p>
        <p className="truncate text-sm text-slate-500">
          {t('withdraw:page.to_bank', { bank: w.bank_name, number: w.account_number })} · {formatDate(w.created_at, locale)}
        </p>
        {w.status === 'failed' && w.failure_reason && <p className="text-sm text-red-700">{w.failure_reason}</p>}
      </div>
      <StatusBadge status={w.status} />
    </li>
  );
}

function PostingRow({ posting: p, locale }: { posting: BalancePosting; locale: Locale }) {
  const t = useT();
  const label = t(`withdraw:kind.${p.kind}`, { defaultValue: t('withdraw:kind.other') });
  return (
    <li className="flex items-center justify-between gap-4 px-5 py-3">
      <div className="min-w-0">
        <p className="font-medium text-slate-800">{label}</p>
        <p className="truncate text-sm text-slate-500">
          {formatDate(p.created_at, locale)}
          {p.transaction_id ? ` · ${t('withdraw:page.order', { id: p.transaction_id })}` : ''}
          {p.payout ? ` · ${t('withdraw:page.to_bank', { bank: p.payout.bank_name, number: p.payout.account_number })}` : ''}
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end gap-1">
        <span className={`font-semibold tabular-nums ${p.amount < 0 ? 'text-slate-900' : 'text-emerald-700'}`}>
          {p.amount > 0 ? '+' : ''}
          {formatRupiah(p.amount)}
        </span>
        {p.payout && p.kind === 'withdrawal' && <StatusBadge status={p.payout.status} />}
      </div>
    </li>
  );
}
