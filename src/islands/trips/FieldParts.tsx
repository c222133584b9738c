import type { ReactNode } from 'react';
import { Icon } from '../Icon.tsx';

/** Input look shared by the trip forms (text fields, combobox inputs, date buttons). */
export const fieldClass =
  'h-11 w-full rounded-lg border bg-white px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:ring-2 focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400';
export const fieldState = (invalid: boolean) =>
  invalid ? 'border-red-400 focus:border-red-500 focus:ring-red-100' : 'border-slate-300 focus:border-brand-400 focus:ring-brand-200';

export const labelClass = 'mb-1.5 block text-sm font-medium text-slate-800';

/** A field's validation message: red, with an icon, announced when it appears. */
export function FieldError({ id, children }: { id?: string; children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} role="alert" className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-600">
      <Icon name="alertCircle" className="mt-px size-4 shrink-0" />
      <span>{children}</span>
    </p>
  );
}
