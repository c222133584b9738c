import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { AfterSalesView } from '../../lib/views/orders.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/Dialog.tsx';
import { useAction } from '../ui/use-action.ts';
import { AdminListFrame, When, adminCard } from './parts.tsx';
import { useAdminList } from './use-admin-list.ts';

interface Party {
  id: number;
  name: string;
  username: string;
}
interface AppealRow {
  id: number;
  status: string;
  total_price: number;
  traveler_total: number;
  requester: Party;
  traveler: Party;
  products: { name: string; quantity: number }[];
  after_sales: AfterSalesView | null;
  updated_at: string;
}

/** The Appeals tab: each appeal's evidence, and the decision (refund the requester or release to the traveller). */
export default function AppealsTab({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Appeals />
    </IslandRoot>
  );
}

function Appeals() {
  const t = useT();
  const list = useAdminList<AppealRow>('/admin/appeals');
  const [asking, setAsking] = useState<{ row: AppealRow; decision: 'refund' | 'release' } | null>(null);
  const action = useAction();
  const decide = () =>
    action.run(async () => {
      if (!asking) return;
      const res = await api('POST', `/admin/appeals/${asking.row.id}/decide`, { body: { decision: asking.decision } });
      toast.success(res.message ?? '');
      setAsking(null);
      await list.reload();
    });
  return (
    <>
      <AdminListFrame rows={list.rows} error={list.error} empty={t('admin:appeals.empty')}>
        {(rows) => (
          <ul className="space-y-4" data-testid="appeals">
            {rows.map((a) => (
              <li key={a.id} className={adminCard} data-appeal={a.id}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h2 className="font-semibold text-slate-900">{t('admin:appeals.order', { id: a.id })}</h2>
                  <span className="text-xs text-slate-500"><When iso={a.updated_at} /></span>
                </div>
                <p className="mt-1 text-sm text-slate-600">{a.products.map((p) => `${p.quantity} × ${p.name}`).join(', ')}</p>
                <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
                  <div><dt className="text-xs text-slate-500">{t('admin:appeals.requester')}</dt><dd>{a.requester.name} (@{a.requester.username})</dd></div>
                  <div><dt className="text-xs text-slate-500">{t('admin:appeals.traveler')}</dt><dd>{a.traveler.name} (@{a.traveler.username})</dd></div>
                  <div><dt className="text-xs text-slate-500">{t('admin:appeals.total')}</dt><dd className="font-semibold">{formatRupiah(a.total_price)}</dd></div>
                  {a.after_sales && (
                    <>
                      <div><dt className="text-xs text-slate-500">{t('admin:appeals.complaint')}</dt><dd>{a.after_sales.complaint.reason_text}{a.after_sales.complaint.note && a.after_sales.complaint.reason !== 'other' ? ` — ${a.after_sales.complaint.note}` : ''}</dd></div>
                      {a.after_sales.response?.reason_text && <div><dt className="text-xs text-slate-500">{t('admin:appeals.rejection')}</dt><dd>{a.after_sales.response.reason_text}</dd></div>}
                      {a.after_sales.appeal && <div><dt className="text-xs text-slate-500">{t('admin:appeals.appeal')}</dt><dd>{a.after_sales.appeal.reason_text}</dd></div>}
                      {(a.after_sales.appeal_return_shipment ?? a.after_sales.return_shipment) && (
                        <div><dt className="text-xs text-slate-500">{t('admin:appeals.return')}</dt><dd>{(a.after_sales.appeal_return_shipment ?? a.after_sales.return_shipment)!.courier_name} · {(a.after_sales.appeal_return_shipment ?? a.after_sales.return_shipment)!.resi}</dd></div>
                      )}
                      {a.after_sales.return_problem && <div><dt className="text-xs text-slate-500">{t('admin:appeals.problem')}</dt><dd>{a.after_sales.return_problem.reason_text}</dd></div>}
                    </>
                  )}
                </dl>
                {a.after_sales && a.after_sales.complaint.images.length > 0 && (
                  <div className="mt-3 flex flex-wrap gap-2" aria-label={t('admin:appeals.photos')}>
                    {a.after_sales.complaint.images.map((img) => (
                      <a key={img.filename} href={img.src} target="_blank" rel="noopener"><img src={img.src} alt="" className="size-16 rounded-lg object-cover ring-1 ring-slate-200" /></a>
                    ))}
                  </div>
                )}
                <div className="mt-4 flex flex-wrap gap-2">
                  <Button data-decide="refund" onClick={() => setAsking({ row: a, decision: 'refund' })}>{t('admin:appeals.refund')}</Button>
                  <Button variant="secondary" data-decide="release" onClick={() => setAsking({ row: a, decision: 'release' })}>{t('admin:appeals.release')}</Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminListFrame>
      <ConfirmDialog
        open={!!asking}
        onClose={() => setAsking(null)}
        title={asking ? t(`admin:appeals.${asking.decision}`) : ''}
        confirmLabel={asking ? t(`admin:appeals.${asking.decision}`) : ''}
        busyLabel={t('admin:working')}
        busy={action.busy}
        onConfirm={() => void decide()}
      >
        {asking && t(`admin:appeals.confirm_${asking.decision}`, { amount: formatRupiah(asking.decision === 'refund' ? asking.row.total_price : asking.row.traveler_total) })}
      </ConfirmDialog>
    </>
  );
}
