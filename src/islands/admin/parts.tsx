import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { Alert } from '../ui/Alert.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { Loading } from '../ui/Spinner.tsx';

/** A console list's three looks: loading, failed, empty; else its rows. */
export function AdminListFrame<T>({ rows, error, empty, children }: { rows: T[] | null; error: string | null; empty: string; children: (rows: T[]) => ReactNode }) {
  const t = useT();
  if (error) return <Alert kind="error">{error}</Alert>;
  if (!rows) return <Loading label={t('common:ui.loading')} />;
  if (!rows.length) return <EmptyState text={empty} compact />;
  return <>{children(rows)}</>;
}

/** A date and time as the console shows it (Jakarta time). */
export function When({ iso }: { iso: string }) {
  const t = useT();
  const locale = t('admin:date_locale');
  return <time dateTime={iso}>{new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Jakarta' }).format(new Date(iso))}</time>;
}

export const adminCard = 'rounded-2xl border border-slate-200 bg-white p-4 sm:p-5';
