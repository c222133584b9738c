import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { COMMON_TIME_ZONES, NOTIFICATION_CATEGORIES, NOTIFICATION_CHANNELS, type NotificationSettings } from '../../lib/notification-settings.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { DeviceSwitch } from '../notifications/NotificationsMenu.tsx';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { inputClass, linkClass } from '../ui/classes.ts';
import { Loading } from '../ui/Spinner.tsx';

interface Extras {
  time_zone: string;
  whatsapp: boolean;
  whatsapp_available: boolean;
  phone_verified: boolean;
  phone_number: string | null;
}

export default function NotificationSettingsIsland({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <NotificationSettingsForm />
    </IslandRoot>
  );
}

/** /dashboard/setting/notifications: e-mail and push per category, what is always sent, time zone, WhatsApp, this device. */
function NotificationSettingsForm() {
  const t = useT();
  const [settings, setSettings] = useState<NotificationSettings | null>(null);
  const [extras, setExtras] = useState<Extras | null>(null);
  const [failed, setFailed] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    Promise.all([api<NotificationSettings>('GET', '/users/notification-settings'), api<Extras>('GET', '/users/notification-extras')]).then(
      ([s, e]) => {
        setSettings(s.data);
        setExtras(e.data);
      },
      () => setFailed(true),
    );
  }, []);
  if (failed) return <Alert kind="error">{t('notifications:settings.load_failed')}</Alert>;
  if (!settings || !extras) return <Loading label={t('ui.loading')} />;

  const flip = (channel: (typeof NOTIFICATION_CHANNELS)[number], category: (typeof NOTIFICATION_CATEGORIES)[number]) =>
    setSettings({ ...settings, [channel]: { ...settings[channel], [category]: !settings[channel][category] } });

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const res = await api('PUT', '/users/notification-settings', { body: settings });
      await api('PUT', '/users/notification-extras', { body: { time_zone: extras!.time_zone, ...(extras!.whatsapp_available && extras!.phone_verified ? { whatsapp: extras!.whatsapp } : {}) } });
      toast.success(res.message ?? t('notifications:settings.saved'));
    } catch (err) {
      toast.error((err as Error).message);
    }
    setSaving(false);
  }

  const zones = COMMON_TIME_ZONES.includes(extras.time_zone as (typeof COMMON_TIME_ZONES)[number]) ? COMMON_TIME_ZONES : [extras.time_zone, ...COMMON_TIME_ZONES];
  return (
    <form onSubmit={save} className="space-y-6" data-testid="notification-settings">
      <p className="text-sm text-slate-600">{t('notifications:settings.subtitle')}</p>
      <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-3">
                <span className="sr-only">{t('notifications:settings.title')}</span>
              </th>
              {NOTIFICATION_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="w-20 px-2 py-3 text-center sm:w-32">
                  {t(`notifications:settings.channel_${channel}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {NOTIFICATION_CATEGORIES.map((category) => (
              <tr key={category}>
                <th scope="row" className="px-4 py-3 text-left font-normal">
                  <span className="block font-semibold text-slate-900">{t(`notifications:settings.category_${category}`)}</span>
                  <span className="mt-0.5 block text-xs text-slate-600">{t(`notifications:settings.category_${category}_hint`)}</span>
                </th>
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <td key={channel} className="px-2 py-3 text-center">
                    <input
                      type="checkbox"
                      className="size-5 accent-brand-600"
                      checked={settings[channel][category]}
                      onChange={() => flip(channel, category)}
                      aria-label={`${t(`notifications:settings.category_${category}`)}: ${t(`notifications:settings.channel_${channel}`)}`}
                    />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Alert kind="info">
        <p className="font-semibold">{t('notifications:settings.money_title')}</p>
        <p className="mt-1">{t('notifications:settings.money_text')}</p>
      </Alert>
      <div>
        <label htmlFor="time-zone" className="block text-sm font-semibold text-slate-900">
          {t('notifications:settings.time_zone')}
        </label>
        <p id="time-zone-hint" className="mt-0.5 text-xs text-slate-600">
          {t('notifications:settings.time_zone_hint')}
        </p>
        <select id="time-zone" aria-describedby="time-zone-hint" className={`${inputClass} mt-2 max-w-xs`} value={extras.time_zone} onChange={(e) => setExtras({ ...extras, time_zone: e.target.value })}>
          {zones.map((z) => (
            <option key={z} value={z}>
              {z.replace(/_/g, ' ')}
            </option>
          ))}
        </select>
      </div>
      {extras.whatsapp_available && (
        <div>
          {extras.phone_verified ? (
            <label className="flex items-start gap-3 text-sm">
              <input type="checkbox" className="mt-0.5 size-5 accent-brand-600" checked={extras.whatsapp} onChange={() => setExtras({ ...extras, whatsapp: !extras.whatsapp })} />
              <span>
                <span className="block font-semibold text-slate-900">{t('notifications:settings.whatsapp')}</span>
                <span className="block text-xs text-slate-600">{t('notifications:settings.whatsapp_hint', { phone: extras.phone_number })}</span>
              </span>
            </label>
          ) : (
            <p className="text-sm text-slate-600">
              {t('notifications:settings.whatsapp_needs_phone')}{' '}
              <a className={linkClass} href="/dashboard/setting/account">
                {t('dashboard.account')}
              </a>
            </p>
          )}
        </div>
      )}
      <div className="rounded-xl border border-slate-200 bg-white px-4 py-3">
        <p className="text-sm font-semibold text-slate-900">{t('notifications:settings.device_title')}</p>
        <p className="mt-0.5 text-xs text-slate-600">{t('notifications:settings.device_text')}</p>
        <div className="mt-3">
          <DeviceSwitch />
        </div>
      </div>
      <Button type="submit" loading={saving} loadingLabel={t('notifications:settings.saving')}>
        {t('notifications:settings.save')}
      </Button>
    </form>
  );
}
