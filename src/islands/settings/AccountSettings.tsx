import { useId, useRef, useState, type ReactNode } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Profile } from '../../lib/schemas/auth.ts';
import { openPopup, type PopupName } from '../../lib/stores/popup.ts';
import { $user, type Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Avatar } from '../Avatar.tsx';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { Button } from '../ui/Button.tsx';
import { FieldMessage } from '../ui/Field.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { Glyph, type GlyphName } from './Glyph.tsx';
import { formatPhone } from '../../lib/phone-format.ts';

/** The server refuses photos over 5 MB (src/server/domain/accounts/profile-photo.ts); check first. */
const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
/** Some browsers give HEIC/AVIF files no MIME type; their extension tells. */
const IMAGE_EXTENSION = /\.(jpe?g|png|webp|gif|heic|heif|avif)$/i;

export default function AccountSettingsIsland({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <AccountSettings />
    </IslandRoot>
  );
}

/** /dashboard/setting/account: the profile card, one row per field (each edits in its popup), the danger zone. */
function AccountSettings() {
  const t = useT();
  const user = useSession().user;
  if (!user) return null;
  const phoneVerified = Boolean(user.phone_number && user.phone_verified);

  return (
    <div className="space-y-6">
      <p className="-mt-3 text-sm text-slate-600">{t('settings:account.intro')}</p>
      <ProfileCard user={user} />

      <section aria-labelledby="account-details" className="rounded-2xl border border-slate-200 bg-white">
        <header className="border-b border-slate-100 px-5 py-4 sm:px-6">
          <h2 id="account-details" className="text-base font-semibold text-slate-900">
            {t('settings:account.details')}
          </h2>
          <p className="mt-0.5 text-sm text-slate-500">{t('settings:account.details_hint')}</p>
        </header>
        <dl className="divide-y divide-slate-100">
          <Row icon="user" label={t('settings:account.name')} value={user.name}>
            <EditButton popup="account-name" label={t('settings:account.edit_name')} />
          </Row>
          <Row icon="envelope" label={t('settings:account.email')} value={<span className="break-all">{user.email}</span>}>
            <EditButton popup="account-email" label={t('settings:account.edit_email')} />
          </Row>
          <Row
            icon="phone"
            label={t('settings:account.phone')}
            value={
              <span className="flex flex-wrap items-center gap-2">
                {user.phone_number ? <span className="tabular-nums" data-testid="account-phone">{formatPhone(user.phone_number)}</span> : <NotSet />}
                {user.phone_number && <VerifiedBadge verified={phoneVerified} />}
              </span>
            }
            note={phoneVerified ? undefined : t('settings:account.verify_hint')}
          >
            {!phoneVerified && (
              <Button variant="brand-outline" size="sm" onClick={() => openPopup('verification')} aria-label={t('settings:account.verify_label')} icon={<Glyph name="shield" className="size-4" />}>
                {t('settings:account.verify')}
              </Button>
            )}
            <EditButton popup="account-phone" label={user.phone_number ? t('settings:account.edit_phone') : t('settings:account.add_phone')} />
          </Row>
          <Row icon="lock" label={t('settings:account.password')} value={<span className="text-slate-500">{user.has_password ? t('settings:account.password_value') : t('settings:account.password_none')}</span>}>
            <EditButton popup="account-password" label={t('settings:account.edit_password')} />
          </Row>
          <Row icon="globe" label={t('settings:account.country')} value={user.country?.name ?? <NotSet />}>
            <EditButton popup="account-country" label={t('settings:account.edit_country')} />
          </Row>
        </dl>
      </section>

      <section aria-labelledby="account-danger" className="rounded-2xl border border-red-200 bg-white p-5 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-3">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
              <Glyph name="warning" className="size-5" />
            </span>
            <div>
              <h2 id="account-danger" className="text-base font-semibold text-red-700">
                {t('settings:account.danger')}
              </h2>
              <p className="mt-1 max-w-xl text-sm leading-6 text-slate-600">{t('settings:account.danger_hint')}</p>
            </div>
          </div>
          <Button variant="danger" onClick={() => openPopup('account-delete')} className="shrink-0">
            {t('settings:account.delete')}
          </Button>
        </div>
      </section>
    </div>
  );
}

function ProfileCard({ user }: { user: Profile }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const errorId = useId();

  async function upload(file: File) {
    setError('');
    if (!(file.type.startsWith('image/') || (!file.type && IMAGE_EXTENSION.test(file.name)))) return setError(t('account:photo.not_image'));
    if (file.size > PHOTO_MAX_BYTES) return setError(t('account:photo.too_big'));
    const body = new FormData();
    body.set('photo', file);
    setBusy(true);
    try {
      const res = await api<{ photo_profile: string }>('POST', '/users/me/photo', { body });
      const current = $user.get();
      if (current) $user.set({ ...current, photo_profile: res.data.photo_profile });
      toast.success(res.message ?? '');
    } catch (err) {
      const message = err instanceof ApiError ? (err.errors.photo ?? err.message) : t('errors:server');
      setError(message);
      toast.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-label={t('settings:account.photo_alt', { name: user.name })} className="flex items-start gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:items-center sm:gap-5 sm:p-6">
      <div className="relative shrink-0">
        {user.photo_profile ? (
          <img src={user.photo_profile} alt={t('settings:account.photo_alt', { name: user.name })} width={88} height={88} className="size-16 rounded-full object-cover ring-4 ring-brand-50 sm:size-22" />
        ) : (
          <Avatar name={user.name} photo={null} className="size-16 text-xl ring-4 ring-brand-50 sm:size-22 sm:text-2xl" />
        )}
        {busy && (
          <span role="status" className="absolute inset-0 flex items-center justify-center rounded-full bg-white/70">
            <Spinner className="size-6 text-brand-500" />
            <span className="sr-only">{t('settings:account.photo_uploading')}</span>
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-lg font-semibold text-slate-900">{user.name}</p>
        <p className="truncate text-sm text-slate-500">@{user.username}</p>
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          <Button
            variant="secondary"
            size="sm"
            onClick={() => input.current?.click()}
            loading={busy}
            loadingLabel={t('settings:account.photo_uploading')}
            aria-describedby={error ? `${errorId}-error` : undefined}
            icon={<Glyph name="camera" className="size-4" />}
          >
            {t('settings:account.photo_change')}
          </Button>
          <span className="text-xs text-slate-500">{t('settings:account.photo_hint')}</span>
        </div>
        <input
          ref={input}
          type="file"
          accept="image/*"
          hidden
          data-testid="photo-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) void upload(file);
          }}
        />
        <FieldMessage id={errorId} error={error} />
      </div>
    </section>
  );
}

/** Phones: label and actions on one line, the value under them; wider: label, value, actions in a row. */
function Row({ icon, label, value, note, children }: { icon: GlyphName; label: string; value: ReactNode; note?: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-1.5 px-5 py-4 sm:grid-cols-[11rem_1fr_auto] sm:px-6">
      <dt className="col-start-1 row-start-1 flex items-center gap-3 text-sm font-medium text-slate-500">
        <Glyph name={icon} className="size-5 shrink-0 text-slate-400" />
        {label}
      </dt>
      <dd className="col-span-2 row-start-2 min-w-0 pl-8 text-sm font-medium text-slate-900 sm:col-span-1 sm:col-start-2 sm:row-start-1 sm:pl-0">
        {value}
        {note && <p className="mt-1 text-xs font-normal text-slate-500">{note}</p>}
      </dd>
      <dd className="col-start-2 row-start-1 flex justify-end gap-2 sm:col-start-3">{children}</dd>
    </div>
  );
}

function EditButton({ popup, label }: { popup: PopupName; label: string }) {
  const t = useT();
  return (
    <Button variant="secondary" size="sm" onClick={() => openPopup(popup)} aria-label={label} title={label} icon={<Glyph name="pencil" className="size-4" />}>
      {t('settings:common.edit')}
    </Button>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  const t = useT();
  return verified ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-700 ring-1 ring-brand-200">
      <Glyph name="checkCircle" className="size-3.5" />
      {t('settings:account.verified')}
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
      <Glyph name="alertCircle" className="size-3.5" />
      {t('settings:account.unverified')}
    </span>
  );
}

function NotSet() {
  const t = useT();
  return <span className="font-normal text-slate-400 italic">{t('settings:common.not_set')}</span>;
}
