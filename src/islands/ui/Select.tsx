import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Listbox, ListboxButton, ListboxOption, ListboxOptions } from '@headlessui/react';
import { useMemo, useRef, useState, type Ref } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { Icon } from '../Icon.tsx';
import { inputClass, menuClass, optionClass } from './classes.ts';
import { FieldFrame, useFieldIds, type FieldLook } from './Field.tsx';
import { Spinner } from './Spinner.tsx';

interface SelectProps<T> extends FieldLook {
  options: readonly T[];
  value: T | null;
  onValue: (value: T) => void;
  keyOf: (option: T) => string | number;
  labelOf: (option: T) => string;
  placeholder: string;
  disabled?: boolean;
  name?: string;
  id?: string;
  ref?: Ref<HTMLButtonElement>;
}

/** One choice from a short fixed list (Headless UI Listbox): arrow keys move, Enter chooses, Escape closes. */
export function Select<T>({ options, value, onValue, keyOf, labelOf, placeholder, disabled, name, id, ref, ...look }: SelectProps<T>) {
  const ids = useFieldIds(name, id);
  return (
    <FieldFrame id={ids.id} headless disabled={disabled} {...look}>
      <Listbox value={value} onChange={(v: T | null) => v !== null && onValue(v)} by={(a: T | null, b: T | null) => (a && b ? keyOf(a) === keyOf(b) : a === b)} disabled={disabled}>
        <ListboxButton
          ref={ref}
          aria-invalid={look.error ? true : undefined}
          className={`${inputClass} relative pr-10 text-left`}
        >
          <span className={`block truncate ${value ? '' : 'text-slate-400'}`}>{value ? labelOf(value) : placeholder}</span>
          <Icon name="chevronUpDown" className="pointer-events-none absolute top-1/2 right-2.5 size-5 -translate-y-1/2 text-slate-400" />
        </ListboxButton>
        <ListboxOptions anchor="bottom start" transition className={`${menuClass} w-(--button-width)`}>
          {options.map((o) => (
            <ListboxOption key={keyOf(o)} value={o} className={optionClass}>
              <span className="flex-1 truncate">{labelOf(o)}</span>
              <Icon name="check" className="invisible size-4 text-brand-600 group-data-selected:visible" />
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
    </FieldFrame>
  );
}

export interface SearchOption {
  id: number;
  name: string;
  /** A small picture before the name (a country's flag). */
  image?: string;
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase()
    .trim();

/** The rows whose name starts with `query` first, then those that contain it; accents do not count. */
export function filterByName<T extends { name: string }>(rows: readonly T[], query: string): T[] {
  const q = fold(query);
  if (!q) return [...rows];
  const starts: T[] = [];
  const contains: T[] = [];
  for (const row of rows) {
    const name = fold(row.name);
    if (name.startsWith(q)) starts.push(row);
    else if (name.includes(q)) contains.push(row);
  }
  return [...starts, ...contains];
}

interface SearchSelectProps<T extends SearchOption> extends FieldLook {
  options: readonly T[];
  value: T | null;
  onValue: (value: T | null) => void;
  placeholder?: string;
  disabled?: boolean;
  /** The options are on their way: says so in the box and turns the spinner. */
  loading?: boolean;
  name?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A type-to-filter picker over a list already in the browser (countries, provinces): arrow keys
 * move, Enter chooses, Escape closes. Only the rows in view are rendered, so 500 countries open
 * as fast as 5 provinces.
 */
export function SearchSelect<T extends SearchOption>({ options, value, onValue, placeholder, disabled, loading, name, id, ref, ...look }: SearchSelectProps<T>) {
  const t = useT();
  const ids = useFieldIds(name, id);
  const [query, setQuery] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const filtered = useMemo(() => filterByName(options, query), [options, query]);
  // A pre-filled choice knows only its id and name: its picture comes from the list.
  const image = value?.image ?? options.find((o) => o.id === value?.id)?.image;
  const showImage = Boolean(image) && !query;

  return (
    <FieldFrame id={ids.id} headless disabled={disabled} {...look}>
      <Combobox value={value} onChange={onValue} by="id" onClose={() => setQuery('')} disabled={disabled} virtual={{ options: filtered }}>
        {({ open }) => (
          <>
            <div className="relative">
              {showImage && (
                <img src={image} alt="" width={20} height={15} className="pointer-events-none absolute top-1/2 left-3 h-[15px] w-5 -translate-y-1/2 rounded-[2px] object-cover ring-1 ring-slate-200" />
              )}
              <ComboboxInput
                ref={ref}
                name={name}
                aria-invalid={look.error ? true : undefined}
                autoComplete="off"
                placeholder={loading ? t('ui.loading') : placeholder}
                displayValue={(o: T | null) => o?.name ?? ''}
                onChange={(e) => setQuery(e.target.value)}
                onClick={() => !open && button.current?.click()}
                className={`${inputClass} pr-10 ${showImage ? 'pl-10' : ''}`}
              />
              <ComboboxButton ref={button} aria-label={t('ui.show_options')} className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600 data-disabled:text-slate-300">
                {loading ? <Spinner className="size-4 text-brand-500" /> : <Icon name="chevronUpDown" className="size-5" />}
              </ComboboxButton>
              {open && filtered.length === 0 && query.trim() !== '' && !loading && (
                <p role="status" className="absolute inset-x-0 top-full z-[55] mt-1 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm text-slate-500 shadow-lg">
                  {t('ui.no_results', { query: query.trim() })}
                </p>
              )}
            </div>
            <ComboboxOptions anchor="bottom start" transition className={`${menuClass} w-(--input-width) ${filtered.length === 0 ? 'invisible' : ''}`}>
              {({ option }: { option: T }) => (
                <ComboboxOption value={option} className={optionClass}>
                  {option.image && <img src={option.image} alt="" width={20} height={15} loading="lazy" className="h-[15px] w-5 shrink-0 rounded-[2px] object-cover ring-1 ring-slate-200" />}
                  <span className="flex-1 truncate">{option.name}</span>
                  <Icon name="check" className="invisible size-4 text-brand-600 group-data-selected:visible" />
                </ComboboxOption>
              )}
            </ComboboxOptions>
          </>
        )}
      </Combobox>
    </FieldFrame>
  );
}
