import { Radio, RadioGroup } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Profile } from '../../lib/schemas/auth.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { FormAlert } from '../auth/fields.tsx';
import { Icon } from '../Icon.tsx';
import { FormActions, formErrorOf, isUnauthenticated, redirectToLogin } from '../settings/controls.tsx';
import { loadCountries } from '../settings/lookups.ts';
import type { Country } from '../settings/types.ts';
import { PopupBody, PopupHeader, PopupList, Spinner, type PopupProps } from './PopupParts.tsx';

/** Account settings: the user's country, chosen from every country (filtered as typed). */
export default function AccountCountryPopup({ close }: PopupProps) {
  const t = useT();
  const user = useStore($user);
  const [countries, setCountries] = useState<Country[] | null>(null);
  const [key, setKey] = useState('');
  const [selected, setSelected] = useState<number | null>(user?.country?.id ?? null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  useEffect(() => {
    loadCountries()
      .then(setCountries)
      .catch((err: Error) => {
        setCountries([]);
        toast.error(err.message);
      });
  }, []);

  const shown = useMemo(() => {
    const q = key.trim().toLocaleLowerCase();
    if (!countries || !q) return countries ?? [];
    return countries.filter((c) => c.name.toLocaleLowerCase().includes(q) || c.iso2.toLowerCase() === q);
  }, [countries, key]);

  // The current choice scrolls into view once the list is there.
  useEffect(() => {
    if (countries && selected) document.querySelector(`[data-country="${selected}"]`)?.scrollIntoView({ block: 'center' });
    // Only on first load: later the user scrolls themselves.
  }, [countries]);

  async function save() {
    if (!selected) return setError(t('settings:country_popup.required'));
    if (selected === user?.country?.id) return close();
    setBusy(true);
    try {
      const res = await api<Profile>('PUT', '/users/me', { body: { country_id: selected } });
      $user.set(res.data);
      toast.success(res.message ?? '');
      close();
    } catch (err) {
      if (isUnauthenticated(err)) return redirectToLogin();
      const found = formErrorOf(err, ['country_id'], t('errors:server'));
      setError(found.fields.country_id ?? found.message ?? '');
    } finally {
      setBusy(false);
    }
  }

  const chosen = countries?.find((c) => c.id === selected);

  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <PopupHeader title={t('settings:country_popup.title')} description={t('settings:country_popup.description')} />
      <PopupBody className="space-y-3 pb-4">
        <label className="relative block">
          <span className="sr-only">{t('settings:country_popup.search')}</span>
          <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            value={key}
            onChange={(e) => setKey(e.target.value)}
            placeholder={t('settings:country_popup.search')}
            autoComplete="off"
            data-autofocus
            className="h-10 w-full rounded-lg border border-slate-300 pr-3 pl-10 text-base focus:border-brand-400 focus:ring-2 focus:ring-brand-200 focus:outline-none sm:text-sm"
          />
        </label>
        <PopupList>
          <RadioGroup
            value={selected}
            onChange={(id: number | null) => {
              setSelected(id);
              setError('');
            }}
            aria-label={t('settings:country_popup.list')}
            aria-describedby={error ? errorId : undefined}
            className="divide-y divide-slate-100"
          >
            {shown.map((c) => (
              <Radio
                key={c.id}
                value={c.id}
                data-country={c.id}
                className="group flex cursor-pointer items-center gap-3 px-3 py-2.5 text-sm text-slate-700 outline-none data-checked:bg-brand-50 data-checked:font-medium data-checked:text-brand-800 data-focus:bg-slate-50 data-focus:ring-2 data-focus:ring-brand-300 data-focus:ring-inset"
              >
                <img src={c.flag_image} alt="" width={24} height={18} loading="lazy" className="h-[18px] w-6 rounded-[2px] object-cover ring-1 ring-slate-200" />
                <span className="flex-1">{c.name}</span>
                <Icon name="check" className="size-5 text-brand-600 opacity-0 group-data-checked:opacity-100" />
              </Radio>
            ))}
          </RadioGroup>
          {!countries && <Spinner label={t('popup.loading')} />}
          {countries && shown.length === 0 && <p className="px-3 py-6 text-center text-sm text-slate-500">{t('settings:country_popup.none_found')}</p>}
        </PopupList>
        {error ? (
          <div id={errorId}>
            <FormAlert kind="error">{error}</FormAlert>
          </div>
        ) : (
          chosen && (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <img src={chosen.flag_image} alt="" width={20} height={15} className="h-[15px] w-5 rounded-[2px] object-cover ring-1 ring-slate-200" />
              {chosen.name}
            </p>
          )
        )}
      </PopupBody>
      <FormActions busy={busy} onCancel={close} />
    </form>
  );
}
