import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { toast } from '../../lib/stores/toast.ts';
import type { NotificationView } from '../../lib/views/notifications.ts';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { HeaderDropdown } from '../header/HeaderDropdown.tsx';
import { Button } from '../ui/Button.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { devicePushState, turnOffPush, turnOnPush, type DevicePushState } from './push.ts';
import { $unreadNotifications, markAllRead, openNotification, refreshNotifications } from './store.ts';
import { timeAgo } from './time.ts';

/**
 * The header's notifications dropdown (signed-in users): the unread count as a badge, the 10
 * newest unread (SPEC §9), mark all read, and a link to /dashboard/notification. A click marks one
 * read and opens its order. Pushed notifications refresh it (live.ts).
 */
export function NotificationsMenu() {
  const t = useT();
  const preview = useStore($unreadNotifications);
  const unread = preview?.unread ?? 0;
  useEffect(() => {
    refreshNotifications().catch(() => undefined);
  }, []);
  const label = unread > 0 ? t('notifications:menu_count', { count: unread }) : t('notifications:menu_label');
  return (
    <HeaderDropdown name="notifications" icon="bell" label={label} title={t('notifications:menu_label')} count={unread} testId="notifications">
      {(open) => <Panel open={open} />}
    </HeaderDropdown>
  );
}

function Panel({ open }: { open: boolean }) {
  const t = useT();
  const preview = useStore($unreadNotifications);
  const [failed, setFailed] = useState(false);
  const [marking, setMarking] = useState(false);
  useEffect(() => {
    if (!open) return;
    setFailed(false);
    refreshNotifications().catch(() => setFailed(true));
  }, [open]);

  async function markAll() {
    setMarking(true);
    try {
      const message = await markAllRead();
      if (message) toast.success(message);
    } catch (err) {
      toast.error((err as Error).message);
    }
    setMarking(false);
  }

  return (
    <div>
      <div className="flex items-center justify-between gap-2 px-4 pt-3">
        <p className="text-sm font-semibold text-slate-900">{t('notifications:title')}</p>
        {!!preview?.unread && (
          <Button variant="ghost" size="sm" loading={marking} loadingLabel={t('notifications:marking')} onClick={markAll} className="-mr-2">
            {t('notifications:mark_all')}
          </Button>
        )}
      </div>
      <div className="max-h-[420px] overflow-y-auto p-1.5">
        {failed ? (
          <p className="px-3 py-6 text-center text-sm text-slate-500">{t('notifications:failed')}</p>
        ) : !preview ? (
          <Loading label={t('ui.loading')} />
        ) : preview.rows.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-6 text-center">
            <Icon name="bell" className="size-7 text-slate-300" />
            <p className="mt-2 text-sm text-slate-500">{t('notifications:none_unread')}</p>
          </div>
        ) : (
          <ul aria-label={t('notifications:unread_heading')}>
            {preview.rows.map((n) => (
              <li key={n.id}>
                <NotificationButton n={n} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 px-4 py-2.5">
        <a href="/dashboard/notification" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          {t('notifications:see_all')}
          <Icon name="chevronRight" className="size-4" />
        </a>
        <DeviceSwitch />
      </div>
    </div>
  );
}

/** One notification: title, message and when; a click marks it read and opens its order. */
export function NotificationButton({ n, showState = false }: { n: NotificationView; showState?: boolean }) {
  const t = useT();
  const { locale } = useSession();
  const unread = !n.read_at;
  return (
    <button
      type="button"
      onClick={() => void openNotification(n)}
      data-testid="notification"
      data-unread={unread || undefined}
      className="flex w-full items-start gap-3 rounded-lg px-2.5 py-2.5 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      <span aria-hidden="true" className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-rose-600' : 'bg-transparent'}`} />
      <span className="min-w-0 flex-1">
        <span className={`block text-sm ${unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700'}`}>{n.title}</span>
        <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">{n.message}</span>
        <span className="mt-1 block text-xs text-slate-500">
          <time dateTime={n.created_at} suppressHydrationWarning>
            {timeAgo(n.created_at, locale)}
          </time>
          {showState && <span className="sr-only"> · {t(unread ? 'notifications:unread' : 'notifications:read')}</span>}
        </span>
      </span>
    </button>
  );
}

/**
 * "Notifications on this device": web push through the service worker, so news arrives with the
 * tab closed (a click is the only moment browsers allow the permission prompt).
 */
export function DeviceSwitch() {
  const t = useT();
  const [state, setState] = useState<DevicePushState | 'busy' | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    devicePushState().then(setState, () => setState('off'));
  }, []);
  if (state === null) return null;
  // SPEC §8: a browser without notifications says so in an alert when asked for them.
  if (state === 'unsupported') {
    return (
      <button type="button" onClick={() => window.alert(t('notifications:push.device_unsupported'))} className="text-xs font-semibold text-slate-600 underline-offset-2 hover:underline">
        {t('notifications:push.device_label')}
      </button>
    );
  }
  if (state === 'denied') return <span className="text-xs text-slate-500">{t('notifications:push.device_blocked')}</span>;
  const on = state === 'on';
  async function toggle() {
    const was = state;
    setState('busy');
    setFailed(false);
    try {
      setState(was === 'on' ? await turnOffPush() : await turnOnPush());
    } catch {
      setFailed(true);
      setState(was === 'on' ? 'on' : 'off');
    }
  }
  return (
    <span className="inline-flex flex-col items-end gap-1">
      <button
        type="button"
        role="switch"
        aria-checked={on}
        disabled={state === 'busy'}
        onClick={() => void toggle()}
        data-testid="device-push"
        className="inline-flex items-center gap-2 text-xs font-semibold text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:opacity-60"
      >
        <span aria-hidden="true" className={`relative inline-block h-4 w-7 rounded-full transition-colors ${on ? 'bg-brand-600' : 'bg-slate-300'}`}>
          <span className={`absolute top-0.5 size-3 rounded-full bg-white shadow transition-transform ${on ? 'translate-x-3.5' : 'translate-x-0.5'}`} />
        </span>
        {t('notifications:push.device_label')}
        <span className="sr-only">{state === 'busy' ? t('notifications:push.device_turning') : on ? t('notifications:push.device_on') : t('notifications:push.device_off')}</span>
      </button>
      {failed && (
        <span role="alert" className="text-xs text-rose-700">
          {t('notifications:push.device_failed')}
        </span>
      )}
    </span>
  );
}
