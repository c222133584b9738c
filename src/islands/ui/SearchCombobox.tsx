import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useRef, useState, type Ref } from 'react';
import type { IconName } from '../../lib/icons.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { Icon } from '../Icon.tsx';
import { inputClass, menuClass, optionClass } from './classes.ts';
import { FieldFrame, useFieldIds, type FieldLook } from './Field.tsx';
import { Spinner } from './Spinner.tsx';
import { useSearch } from './use-search.ts';

interface Props<T extends { id: number }> extends FieldLook {
  value: T | null;
  onValue: (value: T | null) => void;
  /** Fetches the options for what the user typed ('' before they type). */
  search: (key: string, signal: AbortSignal) => Promise<T[]>;
  optionLabel: (item: T) => string;
  placeholder: string;
  /** Texts of the list's states: searching, nothing found. */
  searchingText: string;
  noneText: string;
  /** Heading over the options shown before the user types (e.g. 'Popular cities'). */
  initialHeading?: string;
  disabled?: boolean;
  /** Search again when this changes (e.g. the country a city list belongs to). */
  source?: string | number | null;
  icon?: IconName;
  name?: string;
  id?: string;
  ref?: Ref<HTMLInputElement>;
  'data-testid'?: string;
}

/**
 * A typed search over the API (Headless UI Combobox): debounced, keyboard operable, with
 * loading and empty states. The chosen option shows in the input as `optionLabel`.
 */
export function SearchCombobox<T extends { id: number }>(props: Props<T>) {
  const { value, onValue, search, optionLabel, placeholder, searchingText, noneText, initialHeading, disabled, source = null, icon = 'mapPin', name, id, ref, ...look } = props;
  const t = useT();
  const ids = useFieldIds(name, id);
  const [query, setQuery] = useState('');
  const button = useRef<HTMLButtonElement>(null);
  const { results, loading, failed } = useSearch(query, search, source, !disabled);

  return (
    <FieldFrame id={ids.id} headless disabled={disabled} {...look}>
      <Combobox value={value} onChange={onValue} by="id" onClose={() => setQuery('')} disabled={disabled}>
        {({ open }) => (
        <>
        <div className="relative">
          <Icon name={icon} className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
          <ComboboxInput
            ref={ref}
            name={name}
            displayValue={(item: T | null) => (item ? optionLabel(item) : '')}
            onChange={(e) => setQuery(e.target.value)}
            onClick={() => !open && button.current?.click()}
            placeholder={placeholder}
            autoComplete="off"
            aria-invalid={look.error ? true : undefined}
            className={`${inputClass} pr-10 pl-10`}
          />
          <ComboboxButton ref={button} className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-400 disabled:opacity-50">
            <Icon name="chevronDown" className="size-4" />
          </ComboboxButton>
        </div>
        <ComboboxOptions anchor="bottom start" transition className={`${menuClass} max-h-72 w-(--input-width) overflow-y-auto empty:invisible`}>
          {!query && initialHeading && results.length > 0 && !loading && (
            <div className="px-2.5 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">{initialHeading}</div>
          )}
          {results.map((item) => (
            <ComboboxOption key={item.id} value={item} className={optionClass}>
              <span className="flex-1 truncate">{optionLabel(item)}</span>
              <Icon name="check" className="invisible size-4 text-brand-600 group-data-selected:visible" />
            </ComboboxOption>
          ))}
          {loading && results.length === 0 && (
            <div role="status" className="flex items-center gap-2 px-2.5 py-2 text-slate-500">
              <Spinner className="size-4 text-brand-500" />
              {searchingText}
            </div>
          )}
          {!loading && results.length === 0 && (
            <div role="status" className="px-2.5 py-2 text-slate-500">
              {failed ? t('errors:server') : noneText}
            </div>
          )}
        </ComboboxOptions>
        </>
        )}
      </Combobox>
    </FieldFrame>
  );
}
