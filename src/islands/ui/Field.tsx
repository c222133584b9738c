import { Description, Field as HeadlessField, Label as HeadlessLabel } from '@headlessui/react';
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { inputClass } from './classes.ts';
import { AlertIcon, EyeIcon } from './icons.tsx';
import { digitsOnly } from './whole-number.ts';

/** What every field shows around its control. */
export interface FieldLook {
  label: ReactNode;
  /** Help under the control; the error takes its place while there is one. */
  hint?: ReactNode;
  /** The field's message (translated): shown under the control, which is marked invalid. */
  error?: string;
  /** At the right of the label: a character count, a 'Forgot password?' link. */
  aside?: ReactNode;
  /** Adds '(optional)' to the label. */
  optional?: boolean;
}

/**
 * A field's ids: the control's, and those of its hint and error. `describedBy` names only the
 * message on screen, so a screen reader reads the error once it replaces the hint.
 */
export function useFieldIds(name?: string, id?: string) {
  const auto = useId();
  const control = id ?? `${auto}${name ?? ''}`;
  return {
    id: control,
    describedBy: (error?: string, hint?: ReactNode) => (error ? `${control}-error` : hint ? `${control}-hint` : undefined),
  };
}

/**
 * A label (with `aside` at its right), the control the caller renders with `id`, then the error
 * or the hint. The label's id is `${id}-label`; `labelFor` false when the control is not a
 * labelable element and names itself with `aria-labelledby` (a group of buttons, a popover).
 * `headless` for a Headless UI control (Listbox): its own Field, Label and Description wire the
 * label, the message and the disabled state (the control then takes no id or aria props).
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  aside,
  optional,
  labelFor = true,
  headless = false,
  disabled,
  className,
  children,
  ...rest
}: FieldLook & { id: string; labelFor?: boolean; headless?: boolean; disabled?: boolean; className?: string; children: ReactNode; 'data-testid'?: string }) {
  const t = useT();
  const text = (
    <>
      {label}
      {optional && <span className="font-normal text-slate-400"> ({t('ui.optional')})</span>}
    </>
  );
  const labelClass = 'text-sm font-medium text-slate-700 data-disabled:text-slate-400';
  const top = (
    <div className="mb-1.5 flex items-baseline justify-between gap-3">
      {headless ? (
        <HeadlessLabel className={labelClass}>{text}</HeadlessLabel>
      ) : labelFor ? (
        <label id={`${id}-label`} htmlFor={id} className={labelClass}>
          {text}
        </label>
      ) : (
        <span id={`${id}-label`} className={labelClass}>
          {text}
        </span>
      )}
      {aside}
    </div>
  );
  if (headless)
    return (
      <HeadlessField disabled={disabled} className={className} data-testid={rest['data-testid']}>
        {top}
        {children}
        <FieldMessage id={id} error={error} hint={hint} headless />
      </HeadlessField>
    );
  return (
    <div className={className} data-testid={rest['data-testid']}>
      {top}
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

/** A field's error (red, announced as it appears) or, without one, its hint. */
export function FieldMessage({ id, error, hint, headless = false }: { id: string; error?: string; hint?: ReactNode; headless?: boolean }) {
  if (!error && !hint) return null;
  const props = error
    ? { id: `${id}-error`, role: 'alert', className: 'mt-1.5 flex items-start gap-1.5 text-sm text-red-600' }
    : { id: `${id}-hint`, className: 'mt-1.5 text-xs text-slate-500' };
  const content = error ? (
    <>
      <AlertIcon className="mt-0.5 size-4 shrink-0" />
      <span>{error}</span>
    </>
  ) : (
    hint
  );
  // Headless UI's Description ties itself to the field's control (aria-describedby).
  return headless ? (
    <Description as="p" {...props}>
      {content}
    </Description>
  ) : (
    <p {...props}>{content}</p>
  );
}

/** Characters used against the maximum, for `aside` (the schema enforces the limit). */
export function CharCount({ value, max }: { value: string; max: number }) {
  const t = useT();
  const n = value.trim().length;
  return <span className={`text-xs tabular-nums ${n > max ? 'font-medium text-red-600' : 'text-slate-400'}`}>{t('ui.chars', { count: n, max })}</span>;
}

type InputProps = FieldLook &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
    /** The new text on every change (besides or instead of `onChange`). */
    onValue?: (value: string) => void;
    ref?: Ref<HTMLInputElement>;
    /** A unit shown inside the box, at the right ('g'). */
    suffix?: string;
  };

/**
 * A labelled one-line input. Works uncontrolled with the form hook (`{...form.text('email')}`)
 * or controlled (`value` + `onValue`).
 */
export function TextField({ label, hint, error, aside, optional, onValue, onChange, suffix, className = '', id, ...input }: InputProps) {
  const ids = useFieldIds(input.name, id);
  const control = (
    <input
      {...input}
      id={ids.id}
      onChange={(e) => {
        onChange?.(e);
        onValue?.(e.currentTarget.value);
      }}
      aria-invalid={error ? true : undefined}
      aria-describedby={ids.describedBy(error, hint)}
      className={`${inputClass} ${suffix ? 'pr-10' : ''} ${className}`}
    />
  );
  return (
    <FieldFrame id={ids.id} label={label} hint={hint} error={error} aside={aside} optional={optional}>
      {suffix ? (
        <div className="relative">
          {control}
          <span aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-3.5 flex items-center text-sm text-slate-500">
            {suffix}
          </span>
        </div>
      ) : (
        control
      )}
    </FieldFrame>
  );
}

/** A whole number (grams, stock, quantity) kept as the typed digits; anything else typed is dropped. */
export function WholeNumberField({ onValue, className = '', ...props }: Omit<InputProps, 'onValue'> & { onValue: (digits: string) => void }) {
  return <TextField inputMode="numeric" autoComplete="off" {...props} onValue={(v) => onValue(digitsOnly(v))} className={`tabular-nums ${className}`} />;
}

/** An e-mail input: the keyboard, autofill and no auto-capitals a phone needs for an address. */
export function EmailField(props: InputProps) {
  const t = useT();
  return <TextField type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} placeholder={t('ui.email_placeholder')} {...props} />;
}

/** A password input with a show/hide toggle. */
export function PasswordField({ label, hint, error, aside, optional, onValue, onChange, className = '', id, ...input }: InputProps) {
  const t = useT();
  const ids = useFieldIds(input.name, id);
  const [visible, setVisible] = useState(false);
  const toggle = visible ? t('ui.hide_password') : t('ui.show_password');
  return (
    <FieldFrame id={ids.id} label={label} hint={hint} error={error} aside={aside} optional={optional}>
      <div className="relative">
        <input
          {...input}
          id={ids.id}
          type={visible ? 'text' : 'password'}
          onChange={(e) => {
            onChange?.(e);
            onValue?.(e.currentTarget.value);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy(error, hint)}
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          className={`${inputClass} pr-12 ${className}`}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={toggle}
          aria-pressed={visible}
          aria-controls={ids.id}
          title={toggle}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
        >
          <EyeIcon off={visible} />
        </button>
      </div>
    </FieldFrame>
  );
}

type TextAreaProps = FieldLook &
  TextareaHTMLAttributes<HTMLTextAreaElement> & {
    onValue?: (value: string) => void;
    ref?: Ref<HTMLTextAreaElement>;
  };

/** A labelled multi-line input (grows with the user's drag, not past the screen). */
export function TextArea({ label, hint, error, aside, optional, onValue, onChange, className = 'min-h-24', id, rows = 3, ...input }: TextAreaProps) {
  const ids = useFieldIds(input.name, id);
  return (
    <FieldFrame id={ids.id} label={label} hint={hint} error={error} aside={aside} optional={optional}>
      <textarea
        {...input}
        id={ids.id}
        rows={rows}
        onChange={(e) => {
          onChange?.(e);
          onValue?.(e.currentTarget.value);
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy(error, hint)}
        className={`${inputClass} resize-y ${className}`}
      />
    </FieldFrame>
  );
}

type CheckboxProps = Omit<FieldLook, 'aside' | 'optional'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & {
    onValue?: (checked: boolean) => void;
    ref?: Ref<HTMLInputElement>;
  };

/** A box to tick, its label at the right; the hint or error under the label. */
export function Checkbox({ label, hint, error, onValue, onChange, className = '', id, ...input }: CheckboxProps) {
  const ids = useFieldIds(input.name, id);
  return (
    <div className={className}>
      <div className="flex items-start gap-3">
        <input
          {...input}
          id={ids.id}
          type="checkbox"
          onChange={(e) => {
            onChange?.(e);
            onValue?.(e.currentTarget.checked);
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy(error, hint)}
          className="mt-0.5 size-4 shrink-0 cursor-pointer rounded border-slate-300 accent-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed aria-invalid:outline-2 aria-invalid:outline-red-500"
        />
        <label htmlFor={ids.id} className="text-sm leading-5 text-slate-700">
          {label}
        </label>
      </div>
      <div className="pl-7">
        <FieldMessage id={ids.id} error={error} hint={hint} />
      </div>
    </div>
  );
}
