import { Radio, RadioGroup } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { z } from 'zod';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Profile } from '../../lib/schemas/auth.ts';
import { idField } from '../../lib/schemas/ids.ts';
import { INDONESIA_ID } from '../../lib/schemas/places.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Icon } from '../Icon.tsx';
import { useCountries } from '../settings/lookups.ts';
import { Alert } from '../ui/Alert.tsx';
import { DialogBody, DialogHeader, DialogList, FormActions } from '../ui/Dialog.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

/** PUT /v1/users/me {country_id}, one of its fields, with this popup's own 'choose one' message. */
const countrySchema = z.object({ country_id: idField('settings:country_popup.required') });

/** Account settings: the user's country, chosen from every country (filtered as typed); Indonesia until chosen. */
export default function AccountCountryPopup({ close }: PopupProps) {
  const t = useT();
  const user = useStore($user);
  const countries = useCountries();
  const [key, setKey] = useState('');
  const form = useZodForm({ schema: countrySchema, defaultValues: { country_id: (user?.country?.id ?? INDONESIA_ID) as number | null } });
  const country = form.field('country_id');
  const selected = country.value;
  const error = country.error ?? form.notice?.text;
  const errorId = useId();

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

  const onSubmit = form.submit(async (data) => {
    if (data.country_id === user?.country?.id) return close();
    const res = await api<Profile>('PUT', '/users/me', { body: data });
    $user.set(res.data);
    toast.success(res.message ?? '');
    close();
  });

  const chosen = countries?.find((c) => c.id === selected);

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogHeader title={t('settings:country_popup.title')} description={t('settings:country_popup.description')} />
      <DialogBody className="space-y-3 pb-4">
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
        <DialogList>
          <RadioGroup
            value={selected}
            onChange={(id: number | null) => {
              country.onValue(id);
              form.setNotice(null);
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
          {!countries && <Loading label={t('ui.loading')} />}
          {countries && shown.length === 0 && <p className="px-3 py-6 text-center text-sm text-slate-500">{t('settings:country_popup.none_found')}</p>}
        </DialogList>
        {error ? (
          <div id={errorId}>
            <Alert kind="error">{error}</Alert>
          </div>
        ) : (
          chosen && (
            <p className="flex items-center gap-2 text-sm text-slate-600">
              <img src={chosen.flag_image} alt="" width={20} height={15} className="h-[15px] w-5 rounded-[2px] object-cover ring-1 ring-slate-200" />
              {chosen.name}
            </p>
          )
        )}
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} />
    </form>
  );
}
