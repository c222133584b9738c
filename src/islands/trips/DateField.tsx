import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { Ref } from 'react';
import { DayPicker } from 'react-day-picker';
import { enGB, id as idLocale } from 'react-day-picker/locale';
import 'react-day-picker/style.css';
import './date-field.css';
import { formatDate } from '../../lib/format.ts';
import type { Locale } from '../../lib/i18n/index.ts';
import { Icon } from '../Icon.tsx';
import { inputClass } from '../ui/classes.ts';
import { FieldFrame, useFieldIds, type FieldLook } from '../ui/Field.tsx';

const calendarLocales = { en: enGB, id: idLocale } as const;

/** 'YYYY-MM-DD' ↔ a local Date at midnight: the picker works in the browser's days, we in calendar dates. */
export const isoToDate = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};
export const dateToIso = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

interface Props extends FieldLook {
  placeholder: string;
  value: string | null;
  onValue: (iso: string) => void;
  /** The first day that may be chosen ('YYYY-MM-DD'); earlier days are disabled. */
  min: string;
  locale: Locale;
  name?: string;
  ref?: Ref<HTMLButtonElement>;
  'data-testid'?: string;
}

/**
 * A date button that opens a month calendar (react-day-picker, accent #67cc8e, month and day
 * names in the page's language). The chosen date reads as day, full month, year.
 */
export function DateField({ placeholder, value, onValue, min, locale, name, ref, ...look }: Props) {
  const ids = useFieldIds(name);
  const minDate = isoToDate(min);
  const selected = value ? isoToDate(value) : undefined;

  return (
    <FieldFrame id={ids.id} labelFor={false} {...look}>
      <Popover className="relative">
        <PopoverButton
          ref={ref}
          id={ids.id}
          aria-labelledby={`${ids.id}-label ${ids.id}-value`}
          aria-describedby={ids.describedBy(look.error, look.hint)}
          aria-invalid={look.error ? true : undefined}
          className={`${inputClass} flex items-center gap-2 text-left data-open:border-brand-500 data-open:ring-4 data-open:ring-brand-100`}
        >
          <Icon name="calendar" className="size-5 shrink-0 text-slate-400" />
          <span id={`${ids.id}-value`} className={value ? 'flex-1 truncate text-slate-900' : 'flex-1 truncate text-slate-400'}>
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
                if (date) onValue(dateToIso(date));
                close();
              }}
            />
          )}
        </PopoverPanel>
      </Popover>
    </FieldFrame>
  );
}
