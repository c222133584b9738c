import { Radio, RadioGroup } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../lib/api.ts';
import { setClientCookie } from '../../lib/cookies.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { LOCATION_COOKIE, type LocationChoice } from '../../lib/location.ts';
import { locationSchema } from '../../lib/schemas/places.ts';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { $location } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { Country } from '../../lib/views/index.ts';
import { Icon } from '../Icon.tsx';
import { DialogBody, DialogHeader, DialogList, FormActions } from '../ui/Dialog.tsx';
import { FieldMessage } from '../ui/Field.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

/** SPEC §9: country search pages of 10; SPEC §9: typing waits 200 ms before fetching. */
const PER_PAGE = 10;
const FETCH_DELAY_MS = 200;

/** 'Send to': choose the country goods should reach; kept in the `location` cookie. */
export default function LocationPopup({ close }: PopupProps) {
  const t = useT();
  const current = useStore($location);
  const form = useZodForm({
    schema: locationSchema,
    defaultValues: { country: current as LocationChoice | null },
    toInput: ({ country }) => ({ country_id: country?.id }),
    fieldOf: { country_id: 'country' },
  });
  const chosen = form.field('country');
  const selected = chosen.value;
  const [key, setKey] = useState('');
  const [rows, setRows] = useState<Country[]>([]);
  const [page, setPage] = useState(1);
  const [lastPage, setLastPage] = useState(1);
  const [loading, setLoading] = useState(true);
  const errorId = useId();
  const sentinel = useRef<HTMLDivElement>(null);

  // A new search term starts over at page 1; later pages append.
  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(
      () => {
        api.get('/misc/countries', { query: { page, per_page: PER_PAGE, key: key.trim(), orderby: 'name', sort: 'asc' }, signal: controller.signal })
          .then((data) => {
            setRows((prev) => (page === 1 ? data.rows : [...prev, ...data.rows.filter((r) => !prev.some((p) => p.id === r.id))]));
            setLastPage(data.last_page);
          })
          .catch((err: Error) => {
            if (err.name !== 'AbortError') console.error('countries failed to load', err);
          })
          .finally(() => {
            if (!controller.signal.aborted) setLoading(false);
          });
      },
      page === 1 ? FETCH_DELAY_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key, page]);

  // Scrolling to the end of the list loads the next page.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || loading || page >= lastPage) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) setPage((p) => p + 1);
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [loading, page, lastPage]);

  function search(value: string) {
    setKey(value);
    setPage(1);
  }

  const onSubmit = form.submit(() => {
    if (!selected) return;
    const choice: LocationChoice = { id: selected.id, name: selected.name, flag_image: selected.flag_image };
    setClientCookie(LOCATION_COOKIE, encodeURIComponent(JSON.stringify(choice)));
    $location.set(choice);
    toast.success(t('location.saved', { country: choice.name }));
    close();
  });

  const choose = (id: number | null) => {
    const row = rows.find((r) => r.id === id);
    if (row) chosen.onValue(row);
  };

  return (
    <form noValidate onSubmit={onSubmit}>
      <DialogHeader title={t('location.title')} description={t('location.description')} />
      <DialogBody className="space-y-3">
        <label className="relative block">
          <span className="sr-only">{t('location.search')}</span>
          <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
          <input
            type="search"
            value={key}
            onChange={(e) => search(e.target.value)}
            placeholder={t('location.search')}
            autoComplete="off"
            data-autofocus
            className="h-10 w-full rounded-lg border border-slate-300 pr-3 pl-10 text-sm focus:border-brand-400 focus:ring-2 focus:ring-brand-200 focus:outline-none"
          />
        </label>
        <DialogList>
          <RadioGroup
            ref={chosen.ref}
            value={selected?.id ?? null}
            onChange={choose}
            aria-label={t('location.title')}
            aria-invalid={chosen.error ? true : undefined}
            aria-describedby={chosen.error ? `${errorId}-error` : undefined}
            className="divide-y divide-slate-100"
          >
            {rows.map((row) => (
              <Radio
                key={row.id}
                value={row.id}
                className="group flex cursor-pointer items-center gap-3 px-3 py-2.5 text-sm text-slate-700 outline-none data-checked:bg-brand-50 data-checked:font-medium data-checked:text-brand-800 data-focus:bg-slate-50 data-focus:ring-2 data-focus:ring-brand-300 data-focus:ring-inset"
              >
                <img src={row.flag_image} alt="" width={24} height={18} loading="lazy" className="h-[18px] w-6 rounded-[2px] object-cover ring-1 ring-slate-200" />
                <span className="flex-1">{row.name}</span>
                <Icon name="check" className="size-5 text-brand-600 opacity-0 group-data-checked:opacity-100" />
              </Radio>
            ))}
          </RadioGroup>
          {loading && <Loading label={t('ui.loading')} />}
          {!loading && rows.length === 0 && <p className="px-3 py-6 text-center text-sm text-slate-500">{t('location.none_found')}</p>}
          <div ref={sentinel} aria-hidden="true" className="h-px" />
        </DialogList>
        {selected && !chosen.error && (
          <p className="flex items-center gap-2 text-sm text-slate-600">
            <img src={selected.flag_image} alt="" width={20} height={15} className="h-[15px] w-5 rounded-[2px] object-cover ring-1 ring-slate-200" />
            {t('location.chosen', { country: selected.name })}
          </p>
        )}
        <FieldMessage id={errorId} error={chosen.error} />
      </DialogBody>
      <FormActions busy={false} onCancel={close} />
    </form>
  );
}
