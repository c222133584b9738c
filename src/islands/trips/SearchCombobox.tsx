import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions, Field, Label } from '@headlessui/react';
import { useId, useState, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { Icon } from '../Icon.tsx';
import { FieldError, fieldClass, fieldState, labelClass } from './FieldParts.tsx';
import { useSearch } from './use-search.ts';

interface Props<T extends { id: number }> {
  label: ReactNode;
  value: T | null;
  onChange: (value: T | null) => void;
  /** Fetches the options for what the user typed ('' before they type). */
  search: (key: string, signal: AbortSignal) => Promise<T[]>;
  optionLabel: (item: T) => string;
  placeholder: string;
  /** Texts of the list's states: searching, nothing found. */
  searchingText: string;
  noneText: string;
  /** Heading over the options shown before the user types (e.g. 'Popular cities'). */
  initialHeading?: string;
  error?: string;
  disabled?: boolean;
  /** Search again when this changes (e.g. the country a city list belongs to). */
  source?: string | number | null;
  icon?: 'mapPin' | 'globe' | 'plane';
  'data-testid'?: string;
}

/**
 * A typed search over the API (Headless UI Combobox): debounced, keyboard operable, with
 * loading and empty states. The chosen option shows in the input as `optionLabel`.
 */
export function SearchCombobox<T extends { id: number }>(props: Props<T>) {
  const { label, value, onChange, search, optionLabel, placeholder, searchingText, noneText, initialHeading, error, disabled, source = null, icon = 'mapPin' } = props;
  const t = useT();
  const [query, setQuery] = useState('');
  const { results, loading, failed } = useSearch(query, search, source, !disabled);
  const errorId = useId();

  return (
    <Field disabled={disabled} data-testid={props['data-testid']}>
      <Label className={labelClass}>{label}</Label>
      <Combobox value={value} onChange={onChange} by="id" immediate onClose={() => setQuery('')} disabled={disabled}>
        <div className="relative">
          <Icon name={icon} className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
          <ComboboxInput
            displayValue={(item: T | null) => (item ? optionLabel(item) : '')}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={placeholder}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`${fieldClass} ${fieldState(Boolean(error))} pr-10 pl-10`}
          />
          <ComboboxButton className="absolute inset-y-0 right-0 flex items-center px-3 text-slate-400 disabled:opacity-50">
            <Icon name="chevronDown" className="size-4" />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          transition
          className="z-[55] max-h-72 w-(--input-width) overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg [--anchor-max-height:18rem] transition duration-100 ease-out empty:invisible data-closed:opacity-0"
        >
          {!query && initialHeading && results.length > 0 && !loading && (
            <div className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase">{initialHeading}</div>
          )}
          {results.map((item) => (
            <ComboboxOption
              key={item.id}
              value={item}
              className="group flex cursor-pointer items-center gap-2 px-3 py-2 text-slate-700 select-none data-focus:bg-brand-50 data-focus:text-brand-900 data-selected:font-semibold"
            >
              <span className="flex-1 truncate">{optionLabel(item)}</span>
              <Icon name="check" className="size-4 text-brand-600 opacity-0 group-data-selected:opacity-100" />
            </ComboboxOption>
          ))}
          {loading && results.length === 0 && (
            <div role="status" className="flex items-center gap-2 px-3 py-2 text-slate-500">
              <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-200 border-t-brand-500" />
              {searchingText}
            </div>
          )}
          {!loading && results.length === 0 && (
            <div role="status" className="px-3 py-2 text-slate-500">
              {failed ? t('errors:server') : noneText}
            </div>
          )}
        </ComboboxOptions>
      </Combobox>
      <FieldError id={errorId}>{error}</FieldError>
    </Field>
  );
}
