import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useEffect, useMemo, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { Icon } from '../Icon.tsx';
import { inputClass } from './FormParts.tsx';
import type { CountryChoice } from './types.ts';

/** SPEC §9: the full country list (500) in forms, searched in the browser. */
const COUNTRIES_PER_PAGE = 500;

const fold = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().trim();

/** Countries whose name starts with the query first, then those that contain it. */
export function filterCountries<C extends { name: string }>(rows: C[], query: string): C[] {
  const q = fold(query);
  if (!q) return rows;
  const starts: C[] = [];
  const contains: C[] = [];
  for (const row of rows) {
    const name = fold(row.name);
    if (name.startsWith(q)) starts.push(row);
    else if (name.includes(q)) contains.push(row);
  }
  return [...starts, ...contains];
}

/** A searchable country list (GET /v1/misc/countries?per_page=500): type to filter, arrows and Enter to choose. */
export function CountryPicker({
  id,
  value,
  onChange,
  invalid,
  describedBy,
  disabled,
}: {
  id: string;
  value: CountryChoice | null;
  onChange: (country: CountryChoice | null) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const t = useT();
  const [rows, setRows] = useState<CountryChoice[]>([]);
  const [loading, setLoading] = useState(true);
  const [query, setQuery] = useState('');

  useEffect(() => {
    const controller = new AbortController();
    api<{ rows: CountryChoice[] }>('GET', '/misc/countries', { query: { page: 1, per_page: COUNTRIES_PER_PAGE, orderby: 'name', sort: 'asc' }, signal: controller.signal })
      .then(({ data }) => setRows(data.rows))
      .catch((err: Error) => {
        if (err.name !== 'AbortError') console.error('countries failed to load', err);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  const shown = useMemo(() => filterCountries(rows, query), [rows, query]);
  // The chosen country's flag once the list knows it (a pre-filled value has only id and name).
  const flag = value?.flag_image ?? rows.find((r) => r.id === value?.id)?.flag_image;

  return (
    <Combobox value={value} onChange={onChange} by="id" onClose={() => setQuery('')} disabled={disabled} immediate>
      <div className="relative">
        {flag && (
          <img src={flag} alt="" width={20} height={15} className="pointer-events-none absolute top-1/2 left-3.5 h-[15px] w-5 -translate-y-1/2 rounded-[2px] object-cover ring-1 ring-slate-200" />
        )}
        <ComboboxInput
          id={id}
          displayValue={(c: CountryChoice | null) => c?.name ?? ''}
          onChange={(e) => setQuery(e.target.value)}
          placeholder={t('posting:request.from_placeholder')}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`${inputClass} pr-10 ${flag ? 'pl-11' : ''}`}
        />
        <ComboboxButton className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-slate-400 hover:text-slate-600">
          <Icon name="chevronDown" className="size-5" />
        </ComboboxButton>
      </div>
      <ComboboxOptions
        anchor={{ to: 'bottom start', gap: 4 }}
        className="z-40 max-h-72 w-(--input-width) overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg empty:invisible focus:outline-none"
      >
        {loading && rows.length === 0 ? (
          <div className="px-3 py-2.5 text-sm text-slate-500">{t('posting:request.from_loading')}</div>
        ) : shown.length === 0 ? (
          <div className="px-3 py-2.5 text-sm text-slate-500">{t('posting:request.from_none')}</div>
        ) : (
          shown.map((c) => (
            <ComboboxOption
              key={c.id}
              value={c}
              className="group flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 select-none data-focus:bg-brand-50 data-focus:text-brand-900 data-selected:font-semibold"
            >
              {c.flag_image ? (
                <img src={c.flag_image} alt="" width={20} height={15} loading="lazy" className="h-[15px] w-5 rounded-[2px] object-cover ring-1 ring-slate-200" />
              ) : (
                <span className="w-5" />
              )}
              <span className="flex-1 truncate">{c.name}</span>
              <Icon name="check" className="invisible size-4 text-brand-600 group-data-selected:visible" />
            </ComboboxOption>
          ))
        )}
      </ComboboxOptions>
    </Combobox>
  );
}
