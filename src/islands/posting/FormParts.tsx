import type { ReactNode } from 'react';
import { MoneyInput } from '../MoneyInput.tsx';
import { useT } from '../../lib/i18n/react.tsx';
import { AlertIcon } from '../auth/fields.tsx';
import { PIcon, type PostingIconName } from './icons.tsx';

/** Building blocks of the posting forms: a titled section, a labelled field, buttons. */

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 transition-colors focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-100 disabled:bg-slate-50 sm:text-sm';

export const primaryButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg bg-brand-600 px-5 text-sm font-semibold text-white shadow-sm transition-colors ' +
  'hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70';

export const secondaryButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-700 shadow-xs transition-colors ' +
  'hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-70';

export const dangerButton =
  'inline-flex h-11 items-center justify-center gap-2 rounded-lg border border-red-200 bg-white px-4 text-sm font-semibold text-red-600 transition-colors ' +
  'hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:cursor-not-allowed disabled:opacity-70';

/** A card holding one group of fields, with its heading. */
export function Section({ title, icon, children }: { title: string; icon: PostingIconName; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <h2 className="mb-5 flex items-center gap-2.5 text-base font-semibold text-slate-900">
        <span className="inline-flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
          <PIcon name={icon} className="size-[18px]" />
        </span>
        {title}
      </h2>
      <div className="space-y-5">{children}</div>
    </section>
  );
}

/** The id a field's description hangs on (`hasHint`: the field shows a hint): only what is on screen is referenced. */
export const describedBy = (id: string, error?: string, hasHint = false) => (error ? `${id}-error` : hasHint ? `${id}-hint` : undefined);

/**
 * A label, the control (rendered by the caller with `id` and `describedBy(id, …)`), then the
 * error or the hint under it. `labelFor` false when the control labels itself (a button group).
 */
export function Field({
  id,
  label,
  hint,
  error,
  aside,
  labelFor = true,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  aside?: ReactNode;
  labelFor?: boolean;
  children: ReactNode;
}) {
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        {labelFor ? (
          <label htmlFor={id} className="text-sm font-medium text-slate-700">
            {label}
          </label>
        ) : (
          <span id={`${id}-label`} className="text-sm font-medium text-slate-700">
            {label}
          </span>
        )}
        {aside}
      </div>
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error)
    return (
      <p id={`${id}-error`} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-600">
        <AlertIcon className="mt-0.5 size-4 shrink-0" />
        <span>{error}</span>
      </p>
    );
  if (hint)
    return (
      <p id={`${id}-hint`} className="mt-1.5 text-xs text-slate-500">
        {hint}
      </p>
    );
  return null;
}

/** A count of characters against the maximum, shown at the right of a label. */
export function CharCount({ value, max }: { value: string; max: number }) {
  const t = useT();
  const n = value.trim().length;
  return <span className={`text-xs tabular-nums ${n > max ? 'font-medium text-red-600' : 'text-slate-400'}`}>{t('posting:form.chars', { count: n, max })}</span>;
}

/** Digits only, for whole-number inputs (grams, stock, quantity): '1.500' typed the Indonesian way reads 1500. */
export const digitsOnly = (value: string) => value.replace(/\D/g, '').slice(0, 9);

/** The typed digits as the JSON number the API takes (it reads no strings as numbers); empty: none. */
export const wholeNumber = (digits: string) => (digits === '' ? undefined : Number(digits));

/** What every field of a posting form gets: its control id, its name, its error (if shown). */
export interface FieldBinding {
  id: string;
  name: string;
  error?: string;
}

interface ControlProps<V> extends FieldBinding {
  label: string;
  hint?: string;
  value: V;
  onValue: (value: V) => void;
  placeholder?: string;
}

/** A one-line text field; `maxChars` shows a counter (the schema enforces the limit). */
export function TextInputField({ id, name, error, label, hint, value, onValue, placeholder, maxChars }: ControlProps<string> & { maxChars: number }) {
  return (
    <Field id={id} label={label} error={error} hint={hint} aside={<CharCount value={value} max={maxChars} />}>
      <input
        id={id}
        name={name}
        value={value}
        maxLength={maxChars + 20}
        onChange={(e) => onValue(e.currentTarget.value)}
        placeholder={placeholder}
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, !!hint)}
        className={inputClass}
      />
    </Field>
  );
}

export function TextAreaField({ id, name, error, label, hint, value, onValue, placeholder, maxChars }: ControlProps<string> & { maxChars: number }) {
  return (
    <Field id={id} label={label} error={error} hint={hint} aside={<CharCount value={value} max={maxChars} />}>
      <textarea
        id={id}
        name={name}
        rows={5}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, !!hint)}
        className={`${inputClass} min-h-32 resize-y`}
      />
    </Field>
  );
}

/** A whole number (grams, stock, quantity), kept as the typed digits; `suffix` e.g. 'g'. */
export function WholeNumberField({ id, name, error, label, hint, value, onValue, placeholder, suffix }: ControlProps<string> & { suffix?: string }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <div className="relative">
        <input
          id={id}
          name={name}
          inputMode="numeric"
          value={value}
          onChange={(e) => onValue(digitsOnly(e.currentTarget.value))}
          placeholder={placeholder}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, !!hint)}
          className={`${inputClass} tabular-nums ${suffix ? 'pr-10' : ''}`}
        />
        {suffix && (
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm text-slate-500">
            {suffix}
          </span>
        )}
      </div>
    </Field>
  );
}

/** A Rupiah amount through the shared MoneyInput. */
export function MoneyField({ id, name, error, label, hint, value, onValue }: ControlProps<number | null>) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      <MoneyInput id={id} name={name} value={value} onValue={onValue} placeholder="0" invalid={!!error} aria-describedby={describedBy(id, error, !!hint)} />
    </Field>
  );
}

/**
 * The chosen trip or address: what it is, or that nothing is chosen yet, and the button that
 * opens the picker popup. The button carries the field's id so a validation error can focus it.
 */
export function ChoiceCard({
  id,
  icon,
  chosen,
  emptyTitle,
  emptyHint,
  chooseLabel,
  changeLabel,
  error,
  onChoose,
  disabled,
  children,
}: {
  id: string;
  icon: PostingIconName;
  chosen: boolean;
  emptyTitle: string;
  emptyHint: string;
  chooseLabel: string;
  changeLabel: string;
  error?: string;
  onChoose: () => void;
  disabled?: boolean;
  children?: ReactNode;
}) {
  return (
    <div>
      <div
        className={`flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center ${
          error ? 'border-red-300 bg-red-50/40' : chosen ? 'border-brand-200 bg-brand-50/50' : 'border-dashed border-slate-300 bg-slate-50/60'
        }`}
      >
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${chosen ? 'bg-brand-100 text-brand-700' : 'bg-white text-slate-400 ring-1 ring-slate-200'}`}>
            <PIcon name={icon} />
          </span>
          <div className="min-w-0 flex-1" id={`${id}-summary`}>
            {chosen ? (
              children
            ) : (
              <>
                <p className="text-sm font-semibold text-slate-800">{emptyTitle}</p>
                <p className="mt-0.5 text-sm text-slate-500">{emptyHint}</p>
              </>
            )}
          </div>
        </div>
        <button
          type="button"
          id={id}
          onClick={onChoose}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-summary`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          className={`${chosen ? secondaryButton : primaryButton} h-10 shrink-0 sm:w-auto`}
        >
          {chosen ? changeLabel : chooseLabel}
        </button>
      </div>
      <FieldMessage id={id} error={error} />
    </div>
  );
}
