import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import { useId } from 'react';
import { DayPicker } from 'react-day-picker';
import { enGB, id as idLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './date-field.css';
import { formatDate } from '../../lib/format.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { Icon } from '../Icon.tsx';
import { FieldError, fieldClass, fieldState, labelClass } from './FieldParts.tsx';

const calendarLocales = { en: enGB, id: idLocale } as const;

/** 'YYYY-MM-DD' ↔ a local Date at midnight: the picker works in the browser's days, we in calendar dates. */
export const isoToDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};
export const dateToIso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

interface Props {
  label: string;
  hint?: string;
  placeholder: string;
  value: string | null;
  onChange: (iso: string) => void;
  /** The first day that may be chosen ('YYYY-MM-DD'); earlier days are disabled. */
  min: string;
  locale: Locale;
  error?: string;
  'data-testid'?: string;
}

/**
 * A date button that opens a month calendar (react-day-picker, accent #67cc8e, month and day
 * names in the page's language). The chosen date reads as day, full month, year.
 */
export function DateField({ label, hint, placeholder, value, onChange, min, locale, error, ...rest }: Props) {
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();
  const minDate = isoToDate(min);
  const selected = value ? isoToDate(value) : undefined;
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined;

  return (
    <div data-testid={rest['data-testid']}>
      <span id={labelId} className={labelClass}>
        {label}
      </span>
      <Popover className="relative">
        <PopoverButton
          aria-labelledby={`${labelId} ${labelId}-value`}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          className={`${fieldClass} ${fieldState(Boolean(error))} flex items-center gap-2 text-left data-open:border-brand-400 data-open:ring-2 data-open:ring-brand-200`}
        >
          <Icon name="calendar" className="size-5 shrink-0 text-slate-400" />
          <span id={`${labelId}-value`} className={value ? 'flex-1 truncate text-slate-900' : 'flex-1 truncate text-slate-400'}>
            {value ? formatDate(value, locale) : placeholder}
          </span>
        </PopoverButton>
        <PopoverPanel
          anchor={{ to: 'bottom start', gap: 6 }}
          transition
          focus
          className="z-[55] rounded-xl border border-slate-200 bg-white p-3 shadow-xl transition duration-100 ease-out data-closed:opacity-0"
        >
          {({ close }) => (
            <DayPicker
              mode="single"
              autoFocus
              className="trip-calendar"
              locale={calendarLocales[locale]}
              weekStartsOn={1}
              selected={selected}
              defaultMonth={selected ?? minDate}
              startMonth={minDate}
              disabled={{ before: minDate }}
              onSelect={(date) => {
                if (date) onChange(dateToIso(date));
                close();
              }}
            />
          )}
        </PopoverPanel>
      </Popover>
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={errorId}>{error}</FieldError>
    </div>
  );
}
