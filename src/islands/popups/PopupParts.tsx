import { DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';

/**
 * Shared building blocks of popups. Files in this folder named in lower-case kebab-case are
 * popups (`location.tsx` is the 'location' popup); Capitalised files are shared parts.
 */
export interface PopupProps {
  /** Closes this popup (the next queued popup, if any, opens). */
  close: () => void;
}

export function PopupHeader({ title, description }: { title: ReactNode; description?: ReactNode }) {
  return (
    <div className="px-5 pt-5 pr-12 pb-3">
      <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
      {description && <p className="mt-1 text-sm text-slate-500">{description}</p>}
    </div>
  );
}

export function PopupBody({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`px-5 pb-2 ${className}`}>{children}</div>;
}

/** A list inside a popup scrolls on its own at 400 px (SPEC §2) so the actions stay in view. */
export function PopupList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="max-h-[400px] overflow-y-auto overscroll-contain rounded-lg border border-slate-200" aria-label={label}>
      {children}
    </div>
  );
}

export function PopupActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end">{children}</div>;
}

export const primaryButton =
  'inline-flex h-10 items-center justify-center rounded-lg bg-brand-500 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButton =
  'inline-flex h-10 items-center justify-center rounded-lg border border-slate-300 bg-white px-5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

export function Spinner({ label }: { label: string }) {
  return (
    <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500">
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-200 border-t-brand-500" />
      <span>{label}</span>
    </div>
  );
}
