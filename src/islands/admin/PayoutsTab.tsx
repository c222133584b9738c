import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { OperatorPayoutView, PayoutStatus } from '../../lib/views/index.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/Dialog.tsx';
import { useAction } from '../ui/use-action.ts';
import { AdminListFrame, When, adminCard } from './parts.tsx';
import { useAdminList } from './use-admin-list.ts';

const STATUSES: PayoutStatus[] = ['failed', 'pending', 'processing', 'completed'];
const statusStyle: Record<PayoutStatus, string> = {
  pending: 'bg-amber-50 text-amber-800',
  processing: 'bg-sky-50 text-sky-800',
  completed: 'bg-emerald-50 text-emerald-800',
  failed: 'bg-red-50 text-red-800',
};

/** The Payouts tab: payouts by status; a failed one can be sent again. */
export default function PayoutsTab({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Payouts />
    </IslandRoot>
  );
}

function Payouts() {
  const t = useT();
  const [status, setStatus] = useState<PayoutStatus | undefined>(undefined);
  const list = useAdminList<OperatorPayoutView>('/admin/payouts', { status });
  const [asking, setAsking] = useState<OperatorPayoutView | null>(null);
  const action = useAction();

  const retry = (p: OperatorPayoutView) =>
    action.run(async () => {
      const res = await api('POST', `/admin/payouts/${p.id}/retry`);
      toast.success(res.message ?? '');
      setAsking(null);
      await list.reload();
    });

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={t('withdraw:admin.filter')}>
        {[undefined, ...STATUSES].map((s) => (
          <Button key={s ?? 'all'} size="sm" variant={s === status ? 'primary' : 'secondary'} aria-pressed={s === status} onClick={() => setStatus(s)}>
            {s ? t(`withdraw:status.${s}`) : t('withdraw:admin.all')}
          </Button>
        ))}
      </div>
      <AdminListFrame rows={list.rows} error={list.error} empty={t('withdraw:admin.empty')}>
        {(rows) => (
          <div className={`${adminCard} overflow-x-auto p-0 sm:p-0`}>
            <table className="w-full text-left text-sm" data-testid="payouts">
              <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
                <tr>
                  <th className="px-3 py-2">{t('withdraw:admin.when')}</th>
                  <th className="px-3 py-2">{t('withdraw:admin.user')}</th>
                  <th className="px-3 py-2 text-right">{t('withdraw:admin.amount')}</th>
                  <th className="px-3 py-2">{t('withdraw:admin.bank')}</th>
                  <th className="px-3 py-2">{t('withdraw:admin.status')}</th>
                  <th className="px-3 py-2" />
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((p) => (
                  <tr key={p.id} data-payout={p.id}>
                    <td className="px-3 py-2 whitespace-nowrap">
                      <When iso={p.created_at} />
                    </td>
                    <td className="px-3 py-2">
                      <span className="font-medium text-slate-900">{p.user.name}</span>
                      <span className="block text-xs text-slate-500">{p.user.email}</span>
                    </td>
                    <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatRupiah(p.amount)}</td>
                    <td className="px-3 py-2">
                      {p.bank_name} <span className="font-mono">{p.account_number_full}</span>
                      <span className="block text-xs text-slate-500">
                        {p.account_name} · {p.provider}
                        {p.provider_reference ? ` ${p.provider_reference}` : ''}
                      </span>
                    </td>
                    <td className="px-3 py-2">
                      <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${statusStyle[p.status]}`} data-status={p.status}>
                        {t(`withdraw:status.${p.status}`)}
                      </span>
                      <span className="block text-xs text-slate-500">{t('withdraw:admin.attempt', { n: p.attempt })}</span>
                      {p.failure_reason && <span className="block text-xs text-red-700">{p.failure_reason}</span>}
                    </td>
                    <td className="px-3 py-2 text-right">
                      {p.status === 'failed' && (
                        <Button size="sm" variant="secondary" onClick={() => setAsking(p)}>
                          {t('withdraw:admin.retry')}
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AdminListFrame>
      <ConfirmDialog
        open={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? t('withdraw:admin.retry_title', { amount: formatRupiah(asking.amount) }) : ''}
        confirmLabel={t('withdraw:admin.retry')}
        busyLabel={t('withdraw:admin.retrying')}
        busy={action.busy}
        onConfirm={() => asking && void retry(asking)}
      >
        {asking &&
          t('withdraw:admin.retry_text', { bank: asking.bank_name, number: asking.account_number, name: asking.account_name, user: asking.user.name, amount: formatRupiah(asking.amount) })}
      </ConfirmDialog>
    </div>
  );
}
