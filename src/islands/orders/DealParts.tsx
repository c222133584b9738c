import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { api, ApiError } from '../../lib/api.ts';
import { createActionKey } from '../../lib/idempotency.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { BUYER_SERVICE_FEE_PERCENT, orderTotals } from '../../lib/money/index.ts';
import { formatRupiah } from '../../lib/format.ts';
import { toast } from '../../lib/stores/toast.ts';
import { MoneyInput } from '../ui/MoneyInput.tsx';
import { flashAndGo } from '../ui/flash.ts';

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-xs focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-500';
export const dangerButton =
  'inline-flex h-10 items-center justify-center rounded-lg bg-red-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60';

export type FieldErrors = Record<string, string>;

/** Validates with the server's own schema; messages are i18n keys, translated here. */
export function checkWith<T>(schema: z.ZodType<T>, values: Record<string, unknown>, t: (key: string) => string): { data?: T; errors: FieldErrors } {
  // An empty money box is null; the schemas say "required" for a missing value, so send it as missing.
  const present = Object.fromEntries(Object.entries(values as Record<string, unknown>).filter(([, v]) => v !== null && v !== undefined));
  const parsed = schema.safeParse(present);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? 'form');
    errors[key] ??= t(issue.message);
  }
  return { errors };
}

/**
 * A call a popup makes: busy while it runs; on success the page reloads (or goes on to `href`) with
 * the server's message; a 422 lands on the fields, anything else in a toast or `onError`.
 */
export function useOrderCall() {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  // One idempotency key per press: a take or an offer sent again after a lost answer is made once.
  const [action] = useState(createActionKey);
  async function run(
    method: 'POST' | 'PUT',
    path: string,
    body: unknown,
    opts: { href?: (data: any) => string | undefined; onError?: (err: ApiError) => boolean } = {},
  ) {
    setBusy(true);
    try {
      const res = await api<any>(method, path, { body, action });
      flashAndGo(res.message, opts.href?.(res.data));
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) return toast.error(t('errors:network'));
      if (opts.onError?.(err)) return;
      if (Object.keys(err.errors).length) setErrors(err.errors);
      toast.error(err.message);
    }
  }
  /** Wraps a field's setter so a changed value drops that field's error. */
  const clearing =
    <V,>(key: string, set: (v: V) => void) =>
    (v: V) => {
      set(v);
      setErrors(({ [key]: _dropped, ...rest }) => rest);
    };
  return { busy, errors, setErrors, run, clearing };
}

export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

export function MoneyField({ id, label, value, onValue, error, autoFocus }: { id: string; label: string; value: number | null; onValue: (v: number | null) => void; error?: string; autoFocus?: boolean }) {
  return (
    <Field id={id} label={label} error={error}>
      <MoneyInput id={id} name={id} value={value} onValue={onValue} invalid={!!error} aria-describedby={error ? `${id}-error` : undefined} autoFocus={autoFocus} data-autofocus={autoFocus || undefined} />
    </Field>
  );
}

/** The fees an offer leads to (src/lib/money only): what the buyer pays and, with a percent, what the traveller gets. */
export function FeePreview({ productPrice, tip, shipping, platformPercent }: { productPrice: number | null; tip: number | null; shipping: number | null; platformPercent?: number }) {
  const t = useT();
  if (productPrice === null || tip === null || shipping === null) return null;
  let totals;
  try {
    totals = orderTotals({ productPrice, travelerTip: tip, shippingFee: shipping }, platformPercent ?? 0);
  } catch {
    return null;
  }
  const row = (label: string, value: number, strong = false) => (
    <div className={`flex justify-between gap-3 ${strong ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums">{formatRupiah(value)}</dd>
    </div>
  );
  return (
    <dl className="space-y-1 rounded-lg bg-slate-50 p-3 text-sm" data-testid="fee-preview">
      {row(t('orders-deal:popup.preview_sum'), totals.sum)}
      {row(t('orders-deal:popup.preview_service', { percent: BUYER_SERVICE_FEE_PERCENT }), totals.serviceFee)}
      {row(t('orders-deal:popup.preview_total'), totals.totalPrice, true)}
      {platformPercent !== undefined && (
        <>
          {row(t('orders-deal:popup.preview_platform', { percent: platformPercent }), totals.platformFee)}
          {row(t('orders-deal:popup.preview_traveler'), totals.travelerTotal, true)}
        </>
      )}
    </dl>
  );
}
