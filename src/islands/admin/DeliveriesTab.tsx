import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { AdminListFrame, When, adminCard } from './parts.tsx';
import { useAdminList } from './use-admin-list.ts';

interface ProblemRow {
  id: number;
  channel: string;
  category: string;
  state: 'failed' | 'retrying';
  attempts: number;
  next_attempt_at: string | null;
  last_error: string | null;
  user_email: string;
  updated_at: string;
}

/** The Deliveries tab: per channel, what failed or is being retried over the last day, and why. */
export default function DeliveriesTab({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Deliveries />
    </IslandRoot>
  );
}

function Deliveries() {
  const t = useT();
  const list = useAdminList<ProblemRow>('/admin/deliveries');
  const channels = ['email', 'push', 'whatsapp'];
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t('admin:deliveries.intro')}</p>
      <AdminListFrame rows={list.rows} error={list.error} empty={t('admin:deliveries.empty')}>
        {(rows) => (
          <>
            <ul className="flex flex-wrap gap-2" data-testid="delivery-summary">
              {channels
                .filter((c) => rows.some((r) => r.channel === c))
                .map((c) => (
                  <li key={c} className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700">
                    {t('admin:deliveries.summary', {
                      channel: t(`admin:deliveries.channels.${c}`),
                      failed: rows.filter((r) => r.channel === c && r.state === 'failed').length,
                      retrying: rows.filter((r) => r.channel === c && r.state === 'retrying').length,
                    })}
                  </li>
                ))}
            </ul>
            <div className={`${adminCard} overflow-x-auto p-0 sm:p-0`}>
              <table className="w-full text-left text-sm" data-testid="deliveries">
                <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
                  <tr>
                    <th className="px-3 py-2">{t('admin:deliveries.when')}</th>
                    <th className="px-3 py-2">{t('admin:deliveries.channel')}</th>
                    <th className="px-3 py-2">{t('admin:deliveries.to')}</th>
                    <th className="px-3 py-2">{t('admin:deliveries.state')}</th>
                    <th className="px-3 py-2">{t('admin:deliveries.attempts')}</th>
                    <th className="px-3 py-2">{t('admin:deliveries.error')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {rows.map((r) => (
                    <tr key={r.id}>
                      <td className="px-3 py-2 whitespace-nowrap">
                        <When iso={r.updated_at} />
                      </td>
                      <td className="px-3 py-2">{t(`admin:deliveries.channels.${r.channel}`, { defaultValue: r.channel })}</td>
                      <td className="px-3 py-2">{r.user_email}</td>
                      <td className="px-3 py-2">{t(`admin:deliveries.${r.state}`)}</td>
                      <td className="px-3 py-2">{r.attempts}</td>
                      <td className="max-w-sm px-3 py-2 break-words text-slate-600">{r.last_error}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        )}
      </AdminListFrame>
    </div>
  );
}
