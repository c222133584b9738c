import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { ImageRef } from '../../lib/images.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { Button } from '../ui/Button.tsx';
import { useAction } from '../ui/use-action.ts';
import { AdminListFrame, When, adminCard } from './parts.tsx';
import { useAdminList } from './use-admin-list.ts';

type Party = { id: number; name: string; username: string };

/** One click on a queue item: POST, the server's message as a toast, the list again. */
function useQueueAction(reload: () => Promise<void>) {
  const action = useAction();
  const [target, setTarget] = useState<string | null>(null);
  const act = (key: string, path: string) => {
    setTarget(key);
    return action.run(async () => {
      const res = await api('POST', path);
      toast.success(res.message ?? '');
      await reload();
    });
  };
  return { busy: (key: string) => action.busy && target === key, act };
}

interface ReportRow {
  id: number;
  reason: string;
  created_at: string;
  reporter: Party;
  target: { type: 'product' | 'request'; id: number; name: string; href: string; active: boolean; owner: Party };
}

/** Reports on products and requests: hide the post or dismiss the report. */
export function ReportsTab({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Reports />
    </IslandRoot>
  );
}
function Reports() {
  const t = useT();
  const list = useAdminList<ReportRow>('/admin/reports');
  const q = useQueueAction(list.reload);
  return (
    <AdminListFrame rows={list.rows} error={list.error} empty={t('admin:reports.empty')}>
      {(rows) => (
        <ul className="space-y-3" data-testid="reports">
          {rows.map((r) => (
            <li key={r.id} className={adminCard}>
              <p className="text-xs text-slate-500">{t(`admin:reports.type.${r.target.type}`)} · <When iso={r.created_at} /></p>
              <a href={r.target.href} target="_blank" rel="noopener" className="font-semibold text-brand-700 hover:underline">{r.target.name}</a>
              {!r.target.active && <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs text-slate-600">{t('admin:reports.hidden')}</span>}
              <p className="mt-1 text-sm text-slate-800">“{r.reason}”</p>
              <p className="mt-1 text-xs text-slate-500">{t('admin:reports.reported_by', { name: r.reporter.name })} · {t('admin:reports.owner', { name: r.target.owner.name })}</p>
              <div className="mt-3 flex gap-2">
                <Button variant="danger" size="sm" loading={q.busy(`h${r.id}`)} onClick={() => void q.act(`h${r.id}`, `/admin/reports/${r.id}/hide`)}>{t('admin:reports.hide')}</Button>
                <Button variant="secondary" size="sm" loading={q.busy(`d${r.id}`)} onClick={() => void q.act(`d${r.id}`, `/admin/reports/${r.id}/dismiss`)}>{t('admin:reports.dismiss')}</Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminListFrame>
  );
}

interface TicketRow {
  id: number;
  topic: string;
  message: string | null;
  status: 'OPEN' | 'CLOSED';
  user: Party;
  transaction: { id: number; status_when_asked: string; status: string };
  created_at: string;
}

/** Help tickets from the order pages: open ones to answer, closed ones for reference. */
export function TicketsTab({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Tickets />
    </IslandRoot>
  );
}
function Tickets() {
  const t = useT();
  const [status, setStatus] = useState<'OPEN' | 'CLOSED'>('OPEN');
  const list = useAdminList<TicketRow>('/admin/help-tickets', { status });
  const q = useQueueAction(list.reload);
  return (
    <div className="space-y-4">
      <div className="flex gap-2" role="group">
        {(['OPEN', 'CLOSED'] as const).map((s) => (
          <Button key={s} size="sm" variant={s === status ? 'primary' : 'secondary'} aria-pressed={s === status} onClick={() => setStatus(s)}>
            {t(s === 'OPEN' ? 'admin:tickets.open_tab' : 'admin:tickets.closed_tab')}
          </Button>
        ))}
      </div>
      <AdminListFrame rows={list.rows} error={list.error} empty={t('admin:tickets.empty')}>
        {(rows) => (
          <ul className="space-y-3" data-testid="tickets">
            {rows.map((k) => (
              <li key={k.id} className={adminCard}>
                <p className="text-xs text-slate-500">{t('admin:tickets.order', { id: k.transaction.id })} · <When iso={k.created_at} /></p>
                <p className="font-semibold text-slate-900">{t(`orders-after:help.topic.${k.topic}`)}</p>
                {k.message && <p className="mt-1 text-sm whitespace-pre-line text-slate-800">{k.message}</p>}
                <p className="mt-1 text-xs text-slate-500">{t('admin:tickets.from', { name: k.user.name })} · {t('admin:tickets.status_when_asked', { status: t(`orders:status.${k.transaction.status_when_asked}`) })}</p>
                {k.status === 'OPEN' && (
                  <Button className="mt-3" size="sm" loading={q.busy(`c${k.id}`)} onClick={() => void q.act(`c${k.id}`, `/admin/help-tickets/${k.id}/close`)}>{t('admin:tickets.close')}</Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </AdminListFrame>
    </div>
  );
}

interface ProofRow {
  id: number;
  traveler: Party;
  trip: { id: number; origin_city: string; destination_city: string; arrival_date: string; delivery_date: string };
  image: ImageRef;
  created_at: string;
}

/** Proofs of travel: compare the boarding pass or ticket with the trip, then approve or reject. */
export function ProofsTab({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Proofs />
    </IslandRoot>
  );
}
function Proofs() {
  const t = useT();
  const list = useAdminList<ProofRow>('/admin/trip-proofs');
  const q = useQueueAction(list.reload);
  return (
    <AdminListFrame rows={list.rows} error={list.error} empty={t('admin:proofs.empty')}>
      {(rows) => (
        <ul className="grid gap-3 sm:grid-cols-2" data-testid="proofs">
          {rows.map((p) => (
            <li key={p.id} className={adminCard}>
              <a href={p.image.src} target="_blank" rel="noopener"><img src={p.image.src} srcSet={p.image.srcset} sizes="400px" alt="" className="max-h-64 w-full rounded-lg object-contain ring-1 ring-slate-200" /></a>
              <p className="mt-2 font-semibold text-slate-900">{t('admin:proofs.trip', { id: p.trip.id, origin: p.trip.origin_city, destination: p.trip.destination_city })}</p>
              <p className="text-sm text-slate-600">{t('admin:proofs.dates', { arrival: p.trip.arrival_date, delivery: p.trip.delivery_date })}</p>
              <p className="text-xs text-slate-500">{t('admin:proofs.by', { name: p.traveler.name })} · <When iso={p.created_at} /></p>
              <div className="mt-3 flex gap-2">
                <Button size="sm" loading={q.busy(`a${p.id}`)} onClick={() => void q.act(`a${p.id}`, `/admin/trip-proofs/${p.id}/approve`)}>{t('admin:proofs.approve')}</Button>
                <Button size="sm" variant="danger-outline" loading={q.busy(`r${p.id}`)} onClick={() => void q.act(`r${p.id}`, `/admin/trip-proofs/${p.id}/reject`)}>{t('admin:proofs.reject')}</Button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </AdminListFrame>
  );
}
