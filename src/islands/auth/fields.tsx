import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useT } from '../../lib/i18n/react.tsx';

const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 transition-colors focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-100 disabled:bg-slate-50 sm:text-sm';

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'name' | 'value' | 'onChange'>;

interface FieldProps extends InputProps {
  name: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** Something to show at the right of the label (the 'forgot password?' link). */
  labelAside?: ReactNode;
}

/** A labelled input whose error is announced and tied to it (aria-invalid, aria-describedby). */
export function TextField({ name, label, value, onValue, error, hint, inputRef, labelAside, ...rest }: FieldProps) {
  const id = `${useId()}${name}`;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} labelAside={labelAside}>
      {(describedBy) => (
        <input
          {...rest}
          ref={inputRef}
          id={id}
          name={name}
          value={value}
          onChange={(e) => onValue(e.currentTarget.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={inputClass}
        />
      )}
    </FieldFrame>
  );
}

/** An e-mail input: the keyboard, autofill and no auto-capitals a phone needs for an address. */
export function EmailField(props: FieldProps) {
  const t = useT();
  return <TextField type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} placeholder={t('auth:email_placeholder')} {...props} />;
}

/** A password input with a show/hide toggle. */
export function PasswordField({ name, label, value, onValue, error, hint, inputRef, labelAside, ...rest }: FieldProps) {
  const t = useT();
  const id = `${useId()}${name}`;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} labelAside={labelAside}>
      {(describedBy) => (
        <div className="relative">
          <input
            {...rest}
            ref={inputRef}
            id={id}
            name={name}
            type={visible ? 'text' : 'password'}
            value={value}
            onChange={(e) => onValue(e.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className={`${inputClass} pr-12`}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-label={visible ? t('auth:hide_password') : t('auth:show_password')}
            aria-pressed={visible}
            aria-controls={id}
            title={visible ? t('auth:hide_password') : t('auth:show_password')}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500"
          >
            {visible ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

function FieldFrame({
  id,
  label,
  error,
  hint,
  labelAside,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  labelAside?: ReactNode;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // The hint gives way to the error, so only what is on screen is referenced.
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div>
      <div className="mb-1.5 flex items-baseline justify-between gap-3">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {label}
        </label>
        {labelAside}
      </div>
      {children(describedBy)}
      {error ? (
        <p id={errorId} className="mt-1.5 flex items-start gap-1.5 text-sm text-red-600">
          <AlertIcon className="mt-0.5 size-4 shrink-0" />
          <span>{error}</span>
        </p>
      ) : hint ? (
        <p id={hintId} className="mt-1.5 text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The form-level message: the server's answer, an error or a success. */
export function FormAlert({ kind, children }: { kind: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-brand-200 bg-brand-50 text-brand-900',
    info: 'border-slate-200 bg-slate-50 text-slate-700',
  }[kind];
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm ${styles}`}>
      {kind === 'success' ? <CheckIcon className="mt-0.5 size-4 shrink-0" /> : <AlertIcon className="mt-0.5 size-4 shrink-0" />}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/**
 * The form's main button. Until the island is live (`ready`) it cannot submit, so a click
 * before the script has loaded never sends the form the browser's own way.
 */
export function SubmitButton({ busy, ready = true, busyLabel, children }: { busy: boolean; ready?: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <button
      type="submit"
      disabled={busy || !ready}
      aria-busy={busy || undefined}
      className={primaryClass}
    >
      {busy && <Spinner className="size-4" />}
      {busy ? busyLabel : children}
    </button>
  );
}

const primaryClass =
  'flex w-full items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-3 text-base font-semibold text-white shadow-sm transition-colors hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed aria-busy:opacity-75 sm:py-2.5 sm:text-sm';

/** A link that looks like the main button (the next step after a finished form). */
export function PrimaryLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className={primaryClass}>
      {children}
    </a>
  );
}

/** A link styled as the secondary, outlined button. */
export function LinkButton({ href, children, onClick }: { href: string; children: ReactNode; onClick?: () => void }) {
  return (
    <a
      href={href}
      onClick={onClick}
      className="flex w-full items-center justify-center gap-2.5 rounded-lg border border-slate-300 bg-white px-4 py-3 text-base font-semibold text-slate-700 shadow-xs transition-colors hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:py-2.5 sm:text-sm"
    >
      {children}
    </a>
  );
}

export function Divider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-xs uppercase tracking-wide text-slate-400" role="separator">
      <span className="h-px flex-1 bg-slate-200" />
      {label}
      <span className="h-px flex-1 bg-slate-200" />
    </div>
  );
}

export const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:underline';

export function Spinner({ className = '' }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

function EyeIcon() {
  return (
    <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M2.5 12s3.5-7 9.5-7 9.5 7 9.5 7-3.5 7-9.5 7-9.5-7-9.5-7Z" />
      <circle cx="12" cy="12" r="3" />
    </svg>
  );
}

function EyeOffIcon() {
  return (
    <svg className="size-5" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M3 3l18 18" />
      <path d="M10.6 5.1A9.8 9.8 0 0 1 12 5c6 0 9.5 7 9.5 7a17 17 0 0 1-3 3.9M6.6 6.6A17.3 17.3 0 0 0 2.5 12s3.5 7 9.5 7a9.4 9.4 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </svg>
  );
}

export function AlertIcon({ className = '' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M18 10a8 8 0 1 1-16 0 8 8 0 0 1 16 0Zm-8-5a.9.9 0 0 1 .9.9v4.2a.9.9 0 1 1-1.8 0V5.9A.9.9 0 0 1 10 5Zm0 10a1.1 1.1 0 1 0 0-2.2 1.1 1.1 0 0 0 0 2.2Z"
        clipRule="evenodd"
      />
    </svg>
  );
}

export function CheckIcon({ className = '' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
      <path
        fillRule="evenodd"
        d="M10 18a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm3.86-9.86a.9.9 0 0 0-1.27-1.28L9 10.45 7.4 8.86a.9.9 0 1 0-1.27 1.28l2.23 2.22a.9.9 0 0 0 1.27 0l4.23-4.22Z"
        clipRule="evenodd"
      />
    </svg>
  );
}
