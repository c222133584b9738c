import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Description,
  Dialog,
  DialogBackdrop,
  DialogPanel,
  DialogTitle,
  Field,
  Label,
  Listbox,
  ListboxButton,
  ListboxOption,
  ListboxOptions,
  Textarea,
} from '@headlessui/react';
import { useId, useMemo, useState, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { toast } from '../../lib/stores/toast.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { AlertIcon } from '../auth/fields.tsx';
import { PopupActions, primaryButton, secondaryButton } from '../popups/PopupParts.tsx';
import { Glyph, type GlyphName } from './Glyph.tsx';

/** The input look of the account forms (src/islands/auth/fields.tsx), for the controls built here. */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 transition-colors focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-100 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400 sm:text-sm';

export const dangerButton =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-red-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60';

/** Small outlined action of a list row ('Edit', 'Delete'); `danger` for destructive ones. */
const tones = {
  neutral: 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50 focus-visible:outline-brand-500',
  brand: 'border-brand-300 bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-500',
  danger: 'border-red-200 bg-white text-red-700 hover:bg-red-50 focus-visible:outline-red-500',
};
export function rowAction(tone: keyof typeof tones = 'neutral') {
  return `inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-60 ${tones[tone]}`;
}

/** The message under a field, tied to it by Headless UI's Field (aria-describedby). */
function FieldError({ children }: { children: ReactNode }) {
  return (
    <Description as="p" className="mt-1.5 flex items-start gap-1.5 text-sm text-red-600">
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{children}</span>
    </Description>
  );
}

function FieldHint({ children }: { children: ReactNode }) {
  return (
    <Description as="p" className="mt-1.5 text-xs text-slate-500">
      {children}
    </Description>
  );
}

export function FieldLabel({ children }: { children: ReactNode }) {
  return <Label className="mb-1.5 block text-sm font-medium text-slate-700 data-disabled:text-slate-400">{children}</Label>;
}

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value' | 'onChange'> {
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  textareaRef?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, value, onValue, error, textareaRef, ...rest }: TextAreaProps) {
  return (
    <Field>
      <FieldLabel>{label}</FieldLabel>
      <Textarea
        {...rest}
        ref={textareaRef}
        value={value}
        onChange={(e) => onValue(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        className={`${inputClass} min-h-24 resize-y`}
      />
      {error && <FieldError>{error}</FieldError>}
    </Field>
  );
}

export interface SearchOption {
  id: number;
  name: string;
  /** A small picture before the name (a country's flag). */
  image?: string;
}

interface SearchSelectProps<T extends SearchOption> {
  label: string;
  options: T[];
  value: T | null;
  onChange: (value: T | null) => void;
  placeholder?: string;
  /** Shown under the field while it is disabled (e.g. 'Choose a province first'). */
  hint?: string;
  error?: string;
  disabled?: boolean;
  loading?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  name?: string;
}

/**
 * A labelled, type-to-filter picker (Headless UI Combobox): arrow keys move, Enter chooses,
 * Escape closes. Long lists scroll inside the dropdown.
 */
export function SearchSelect<T extends SearchOption>({ label, options, value, onChange, placeholder, hint, error, disabled, loading, inputRef, name }: SearchSelectProps<T>) {
  const t = useT();
  const [query, setQuery] = useState('');
  const filtered = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    if (!q) return options;
    const starts = options.filter((o) => o.name.toLocaleLowerCase().startsWith(q));
    const contains = options.filter((o) => !o.name.toLocaleLowerCase().startsWith(q) && o.name.toLocaleLowerCase().includes(q));
    return [...starts, ...contains];
  }, [options, query]);

  return (
    <Field disabled={disabled}>
      <FieldLabel>{label}</FieldLabel>
      {/* Virtual: only the rows in view are rendered, so 500 countries open as fast as 5 provinces. */}
      <Combobox value={value} onChange={onChange} by="id" onClose={() => setQuery('')} disabled={disabled} immediate name={name} virtual={{ options: filtered }}>
        {({ open }) => (
          <>
            <div className="relative">
              {value?.image && !query && (
                <img src={value.image} alt="" width={20} height={15} className="pointer-events-none absolute top-1/2 left-3 h-[15px] w-5 -translate-y-1/2 rounded-[2px] object-cover ring-1 ring-slate-200" />
              )}
              <ComboboxInput
                ref={inputRef}
                aria-invalid={error ? true : undefined}
                autoComplete="off"
                placeholder={loading ? t('settings:common.loading') : placeholder}
                displayValue={(o: T | null) => o?.name ?? ''}
                onChange={(e) => setQuery(e.target.value)}
                className={`${inputClass} pr-10 ${value?.image && !query ? 'pl-10' : ''}`}
              />
              <ComboboxButton aria-label={t('settings:common.show_options')} className="absolute inset-y-0 right-0 flex w-10 items-center justify-center rounded-r-lg text-slate-400 hover:text-slate-600 data-disabled:text-slate-300">
                {loading ? <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-200 border-t-brand-500" /> : <Glyph name="chevronUpDown" className="size-5" />}
              </ComboboxButton>
              {open && filtered.length === 0 && query.trim() !== '' && !loading && (
                <p role="status" className="absolute inset-x-0 top-full z-[55] mt-1 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm text-slate-500 shadow-lg">
                  {t('settings:common.no_results', { query: query.trim() })}
                </p>
              )}
            </div>
            <ComboboxOptions
              anchor="bottom start"
              transition
              className={`z-[55] w-(--input-width) rounded-lg border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px] [--anchor-max-height:18rem] transition-opacity duration-100 data-closed:opacity-0 ${filtered.length === 0 ? 'invisible' : ''}`}
            >
              {({ option }: { option: T }) => (
                <ComboboxOption
                  value={option}
                  className="group flex w-full cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-700 select-none data-focus:bg-brand-50 data-focus:text-brand-900 data-selected:font-medium"
                >
                  {option.image && <img src={option.image} alt="" width={20} height={15} loading="lazy" className="h-[15px] w-5 shrink-0 rounded-[2px] object-cover ring-1 ring-slate-200" />}
                  <span className="flex-1 truncate">{option.name}</span>
                  <Glyph name="check" className="invisible size-4 text-brand-600 group-data-selected:visible" />
                </ComboboxOption>
              )}
            </ComboboxOptions>
          </>
        )}
      </Combobox>
      {error ? <FieldError>{error}</FieldError> : disabled && hint ? <FieldHint>{hint}</FieldHint> : null}
    </Field>
  );
}

interface OptionSelectProps<T> {
  label: string;
  options: T[];
  value: T | null;
  onChange: (value: T) => void;
  keyOf: (o: T) => string;
  labelOf: (o: T) => string;
  placeholder: string;
  error?: string;
  disabled?: boolean;
  buttonRef?: Ref<HTMLButtonElement>;
}

/** A labelled single choice from a short fixed list (Headless UI Listbox). */
export function OptionSelect<T>({ label, options, value, onChange, keyOf, labelOf, placeholder, error, disabled, buttonRef }: OptionSelectProps<T>) {
  return (
    <Field disabled={disabled}>
      <FieldLabel>{label}</FieldLabel>
      <Listbox value={value} onChange={(v: T | null) => v !== null && onChange(v)} by={(a: T | null, b: T | null) => (a && b ? keyOf(a) === keyOf(b) : a === b)} disabled={disabled}>
        <ListboxButton ref={buttonRef} aria-invalid={error ? true : undefined} className={`${inputClass} relative pr-10 text-left`}>
          <span className={`block truncate ${value ? '' : 'text-slate-400'}`}>{value ? labelOf(value) : placeholder}</span>
          <Glyph name="chevronUpDown" className="pointer-events-none absolute top-1/2 right-2.5 size-5 -translate-y-1/2 text-slate-400" />
        </ListboxButton>
        <ListboxOptions
          anchor="bottom start"
          transition
          className="z-[55] w-(--button-width) rounded-lg border border-slate-200 bg-white p-1 shadow-lg [--anchor-gap:4px] [--anchor-max-height:18rem] focus:outline-none data-closed:opacity-0 transition-opacity duration-100"
        >
          {options.map((o) => (
            <ListboxOption
              key={keyOf(o)}
              value={o}
              className="group flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 select-none data-focus:bg-brand-50 data-focus:text-brand-900 data-selected:font-medium"
            >
              <span className="flex-1 truncate">{labelOf(o)}</span>
              <Glyph name="check" className="invisible size-4 text-brand-600 group-data-selected:visible" />
            </ListboxOption>
          ))}
        </ListboxOptions>
      </Listbox>
      {error && <FieldError>{error}</FieldError>}
    </Field>
  );
}

/**
 * A yes/no question before something is removed. It is its own small dialog (not a named popup):
 * it belongs to the list row that asked.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useT();
  return (
    <Dialog open={open} onClose={() => !busy && onClose()} className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <DialogPanel transition className="relative w-full rounded-t-2xl bg-white shadow-xl transition duration-150 ease-out data-closed:translate-y-4 data-closed:opacity-0 sm:max-w-md sm:rounded-2xl">
        <div className="flex gap-4 px-5 pt-5 pb-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-red-50 text-red-600">
            <Glyph name="trash" className="size-5" />
          </span>
          <div className="min-w-0">
            <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
            <div className="mt-1 text-sm leading-6 text-slate-600">{children}</div>
          </div>
        </div>
        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} disabled={busy} className={secondaryButton} data-autofocus>
            {t('settings:common.cancel')}
          </button>
          <button type="button" onClick={onConfirm} disabled={busy} aria-busy={busy || undefined} className={dangerButton}>
            {busy ? t('settings:common.deleting') : confirmLabel}
          </button>
        </div>
      </DialogPanel>
    </Dialog>
  );
}

/**
 * A popup form's footer: Cancel, and the submit button that says it is working while `busy`.
 * `label` defaults to 'Save'; `busyLabel` to 'Saving…'.
 */
export function FormActions({ busy, onCancel, label, busyLabel }: { busy: boolean; onCancel: () => void; label?: string; busyLabel?: string }) {
  const t = useT();
  return (
    <PopupActions>
      <button type="button" onClick={onCancel} className={secondaryButton}>
        {t('settings:common.cancel')}
      </button>
      <button type="submit" disabled={busy} aria-busy={busy || undefined} className={primaryButton}>
        {busy ? (busyLabel ?? t('settings:common.saving')) : (label ?? t('settings:common.save'))}
      </button>
    </PopupActions>
  );
}

/**
 * Removing a list entry after the user confirms: `ask(item)` opens the question, `confirm()`
 * sends DELETE `path(item)`, toasts the server's answer and reports the removed id.
 */
export function useDeletion<T extends { id: number }>(path: (item: T) => string, onDeleted: (id: number) => void) {
  const [target, setTarget] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);
  async function confirm() {
    if (!target || busy) return;
    setBusy(true);
    try {
      const res = await api('DELETE', path(target));
      onDeleted(target.id);
      toast.success(res.message ?? '');
      setTarget(null);
    } catch (err) {
      toast.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  }
  return { target, busy, ask: setTarget, cancel: () => setTarget(null), confirm };
}

/** The primary 'Add …' button of a settings list (in its header and in its empty state). */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" onClick={onClick} className={`${primaryButton} gap-2`}>
      <Glyph name="plus" className="size-4" />
      {label}
    </button>
  );
}

/** A grey placeholder block while a list loads. */
export function Skeleton({ className }: { className: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded bg-slate-200/80 ${className}`} />;
}

/** Cards with grey lines in place of text, announced once as 'Loading…'. */
export function CardSkeletons({ count = 2 }: { count?: number }) {
  const t = useT();
  return (
    <div role="status" className="grid gap-4 md:grid-cols-2">
      <span className="sr-only">{t('settings:common.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ))}
    </div>
  );
}

export function EmptyState({ icon, title, text, action }: { icon: GlyphName; title: string; text: string; action: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Glyph name={icon} className="size-7" />
      </span>
      <h2 id={id} className="mt-4 text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mt-1 max-w-sm text-sm leading-6 text-slate-600">{text}</p>
      <div className="mt-6">{action}</div>
    </section>
  );
}

/**
 * An API failure as a form shows it: messages of the form's own fields go under them; anything
 * else (or a failure without field messages) is the form-level `message`.
 */
export function formErrorOf<F extends string>(err: unknown, fields: readonly F[], fallback: string): { fields: Partial<Record<F, string>>; message: string | null } {
  if (!(err instanceof ApiError)) return { fields: {}, message: fallback };
  const own = Object.fromEntries(Object.entries(err.errors).filter(([k]) => (fields as readonly string[]).includes(k))) as Partial<Record<F, string>>;
  const others = Object.entries(err.errors).filter(([k]) => !(fields as readonly string[]).includes(k)).map(([, v]) => v);
  const message = Object.keys(own).length === 0 ? (others[0] ?? err.message) : (others[0] ?? null);
  return { fields: own, message };
}

/** Sends a signed-out visitor to log in and come back to this page. */
export function redirectToLogin() {
  const here = window.location.pathname + window.location.search;
  window.location.assign(`/login?redirect=${encodeURIComponent(here)}`);
}

export const isUnauthenticated = (err: unknown) => err instanceof ApiError && err.status === 401;
