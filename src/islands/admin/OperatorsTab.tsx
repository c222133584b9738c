import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { grantOperatorSchema } from '../../lib/schemas/admin.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { FormNotice } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { EmailField } from '../ui/Field.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';
import { AdminListFrame, When, adminCard } from './parts.tsx';
import { useAdminList } from './use-admin-list.ts';

interface OperatorRow {
  id: number;
  name: string;
  email: string;
  source: 'config' | 'console';
  since: string;
}

/** The Operators tab: the list, and making an existing account an operator. */
export default function OperatorsTab({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Operators />
    </IslandRoot>
  );
}

function Operators() {
  const t = useT();
  const list = useAdminList<OperatorRow>('/admin/operators');
  const form = useZodForm({ schema: grantOperatorSchema, defaultValues: { email: '' } });
  const onSubmit = form.submit(async (data) => {
    const res = await api('POST', '/admin/operators', { body: data });
    toast.success(res.message ?? '');
    form.reset({ email: '' });
    await list.reload();
  });
  return (
    <div className="space-y-5">
      <form noValidate onSubmit={onSubmit} className={`${adminCard} space-y-3`}>
        <h2 className="font-semibold text-slate-900">{t('admin:operators.grant_title')}</h2>
        <p className="text-sm text-slate-600">{t('admin:operators.grant_hint')}</p>
        <FormNotice notice={form.notice} />
        <EmailField {...form.text('email')} label={t('admin:operators.email')} />
        <Button type="submit" loading={form.busy} loadingLabel={t('admin:working')}>
          {t('admin:operators.grant')}
        </Button>
      </form>
      <AdminListFrame rows={list.rows} error={list.error} empty={t('admin:operators.empty')}>
        {(rows) => (
          <ul className={`${adminCard} divide-y divide-slate-100`} data-testid="operators">
            {rows.map((o) => (
              <li key={o.id} className="flex flex-wrap items-baseline justify-between gap-2 py-2 text-sm">
                <span>
                  <span className="font-semibold text-slate-900">{o.name}</span> <span className="text-slate-600">{o.email}</span>
                </span>
                <span className="text-slate-500">
                  {t(`admin:operators.source.${o.source}`)} · <When iso={o.since} />
                </span>
              </li>
            ))}
          </ul>
        )}
      </AdminListFrame>
    </div>
  );
}
