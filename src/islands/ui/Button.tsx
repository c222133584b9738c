import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Spinner } from './Spinner.tsx';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg text-sm font-semibold transition-colors ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

const variants = {
  primary: 'bg-brand-600 text-white shadow-sm hover:bg-brand-700 focus-visible:outline-brand-600',
  secondary: 'border border-slate-300 bg-white text-slate-700 shadow-xs hover:bg-slate-50 focus-visible:outline-brand-600',
  danger: 'bg-red-600 text-white shadow-sm hover:bg-red-700 focus-visible:outline-red-600',
  /** Destructive but not the main action (Delete beside Save, a list row's Delete). */
  'danger-outline': 'border border-red-200 bg-white text-red-700 hover:bg-red-50 focus-visible:outline-red-500',
  /** An optional step that still deserves attention (Verify). */
  'brand-outline': 'border border-brand-300 bg-white text-brand-700 hover:bg-brand-50 focus-visible:outline-brand-500',
  ghost: 'text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-brand-500',
} as const;

const sizes = {
  /** A list row's action. */
  sm: 'h-9 px-3',
  /** Popups and cards. */
  md: 'h-10 px-5',
  /** Page forms. */
  lg: 'h-11 px-5',
  /** A label that may wrap (an e-mail address in it): grows instead of overflowing. */
  wrap: 'min-h-10 px-4 py-2.5',
} as const;

export type ButtonVariant = keyof typeof variants;
export type ButtonSize = keyof typeof sizes;

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Full width (the account pages' buttons). */
  block?: boolean;
}

/** The classes of a button, for the rare element that is neither `Button` nor `ButtonLink`. */
export function buttonClass({ variant = 'primary', size = 'md', block = false }: ButtonLook = {}) {
  return `${base} ${variants[variant]} ${sizes[size]}${block ? ' w-full' : ''}`;
}

interface ButtonProps extends ButtonLook, ButtonHTMLAttributes<HTMLButtonElement> {
  /** Working: disabled, `aria-busy`, a spinner, and `loadingLabel` ('Saving…') instead of the label. */
  loading?: boolean;
  loadingLabel?: string;
  /** Shown before the label (hidden while loading). */
  icon?: ReactNode;
  ref?: Ref<HTMLButtonElement>;
}

/** A button; `type` defaults to 'button' so only an explicit `type="submit"` submits a form. */
export function Button({ variant, size, block, loading = false, loadingLabel, icon, className = '', type = 'button', disabled, children, ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`${buttonClass({ variant, size, block })} ${className}`}
    >
      {loading ? <Spinner className="size-4 shrink-0" /> : icon}
      {loading && loadingLabel ? loadingLabel : children}
    </button>
  );
}

interface ButtonLinkProps extends ButtonLook, AnchorHTMLAttributes<HTMLAnchorElement> {
  href: string;
  icon?: ReactNode;
}

/** A link that looks like a button (Cancel back to a list, the next step after a finished form). */
export function ButtonLink({ variant, size, block, icon, className = '', children, ...rest }: ButtonLinkProps) {
  return (
    <a {...rest} className={`${buttonClass({ variant, size, block })} ${className}`}>
      {icon}
      {children}
    </a>
  );
}
