import { useState } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { NotificationView } from '../../lib/views/notifications.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { Button } from '../ui/Button.tsx';
import { NotificationButton } from './NotificationsMenu.tsx';
import { markAllRead } from './store.ts';

interface Props {
  boot: Boot;
  rows: NotificationView[];
  unread: number;
}

/** /dashboard/notification's list: each row opens its order (marking it read); mark all read. */
export default function NotificationList(props: Props) {
  return (
    <IslandRoot boot={props.boot}>
      <List {...props} />
    </IslandRoot>
  );
}

function List({ rows, unread }: Props) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  async function markAll() {
    setBusy(true);
    try {
      const message = await markAllRead();
      if (message) toast.success(message);
      window.location.reload();
    } catch (err) {
      toast.error((err as Error).message);
      setBusy(false);
    }
  }
  return (
    <div>
      {unread > 0 && (
        <div className="mb-3 flex justify-end">
          <Button variant="secondary" size="sm" loading={busy} loadingLabel={t('notifications:marking')} onClick={markAll}>
            {t('notifications:mark_all')}
          </Button>
        </div>
      )}
      <ul aria-label={t('notifications:title')} className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white p-1.5">
        {rows.map((n) => (
          <li key={n.id}>
            <NotificationButton n={n} showState />
          </li>
        ))}
      </ul>
    </div>
  );
}
