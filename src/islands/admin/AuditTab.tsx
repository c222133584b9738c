import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { AdminListFrame, When, adminCard } from './parts.tsx';
import { useAdminList } from './use-admin-list.ts';

interface ActionRow {
  id: number;
  operator: { id: number; name: string; email: string };
  action: string;
  target_type: string;
  target_id: number;
  data: Record<string, unknown> | null;
  created_at: string;
}

/** The Audit tab: every operator action — who, what, on what, when. */
export default function AuditTab({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Audit />
    </IslandRoot>
  );
}

function Audit() {
  const t = useT();
  const list = useAdminList<ActionRow>('/admin/actions');
  return (
    <AdminListFrame rows={list.rows} error={list.error} empty={t('admin:audit.empty')}>
      {(rows) => (
        <div className={`${adminCard} overflow-x-auto p-0 sm:p-0`}>
          <table className="w-full text-left text-sm" data-testid="audit">
            <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
              <tr>
                <th className="px-3 py-2">{t('admin:audit.when')}</th>
                <th className="px-3 py-2">{t('admin:audit.who')}</th>
                <th className="px-3 py-2">{t('admin:audit.action')}</th>
                <th className="px-3 py-2">{t('admin:audit.target')}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {rows.map((a) => (
                <tr key={a.id}>
                  <td className="px-3 py-2 whitespace-nowrap"><When iso={a.created_at} /></td>
                  <td className="px-3 py-2">{a.operator.name}</td>
                  <td className="px-3 py-2">{t(`admin:audit.actions.${a.action}`, { defaultValue: a.action })}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{a.target_type} #{a.target_id}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminListFrame>
  );
}
