import type { TFunction } from 'i18next';
import { formatDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Locale } from '../../lib/i18n/index.ts';
import type { TripStatus } from '../../lib/schemas/trips.ts';
import type { PopupTrip } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { destinationLabel, originLabel, tripDates } from './trip-display.ts';

/**
 * 'Tokyo, Japan → Jakarta, Indonesia'; wraps as two lines on a phone rather than truncating.
 * Screen readers hear 'Tokyo, Japan to Jakarta, Indonesia' instead of an arrow.
 */
export function TripRoute({ trip, className = '' }: { trip: PopupTrip; className?: string }) {
  const t = useT();
  return (
    <span className={`inline-flex flex-wrap items-center gap-x-1.5 ${className}`}>
      <span>{originLabel(trip)}</span>{' '}
      <span aria-hidden="true" className="text-brand-500">
        →
      </span>{' '}
      <span className="sr-only">{t('trips:card.to')}</span>{' '}
      <span>{destinationLabel(trip)}</span>
    </span>
  );
}

const statusStyles: Record<TripStatus, string> = {
  ACTIVE: 'bg-brand-50 text-brand-700 ring-brand-200',
  FINISHED: 'bg-slate-100 text-slate-600 ring-slate-200',
  CANCELLED: 'bg-red-50 text-red-700 ring-red-200',
};

export function StatusBadge({ status, t }: { status: TripStatus; t: TFunction }) {
  return <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusStyles[status]}`}>{t(`trips:status.${status}`)}</span>;
}

/**
 * Arrival and delivery as they apply now; when the traveller moved them, the first published
 * dates struck through beneath (SPEC §3: updated_* dates).
 */
export function TripDatesList({ trip, locale, t, compact = false }: { trip: PopupTrip; locale: Locale; t: TFunction; compact?: boolean }) {
  const d = tripDates(trip);
  const rows = [
    { label: t('trips:card.arrival'), date: d.arrival, original: d.originalArrival },
    { label: t('trips:card.delivery'), date: d.delivery, original: d.originalDelivery },
  ];
  return (
    <dl className={`grid grid-cols-2 ${compact ? 'gap-2' : 'gap-3'}`}>
      {rows.map((row) => (
        <div key={row.label} className="min-w-0">
          <dt className="flex items-center gap-1.5 text-xs font-medium text-slate-500">
            <Icon name="calendar" className="size-3.5 text-slate-400" />
            {row.label}
          </dt>
          <dd className={`mt-0.5 font-semibold text-slate-900 ${compact ? 'text-sm' : 'text-sm sm:text-[15px]'}`}>{formatDate(row.date, locale)}</dd>
          {row.original && (
            <dd className="text-xs text-slate-500">
              <span className="sr-only">{t('trips:card.original', { date: '' })}</span>
              <s>{formatDate(row.original, locale)}</s>
            </dd>
          )}
        </div>
      ))}
    </dl>
  );
}

/** Why the traveller changed the dates, shown under the dates once they did. */
export function ChangeReason({ reason, t }: { reason: string; t: TFunction }) {
  return (
    <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
      <span className="font-medium text-slate-700">{t('trips:card.reason')}: </span>
      <span className="break-words">{reason}</span>
    </p>
  );
}

/** "3 products" on this trip. */
export function ProductsCount({ count, t }: { count: number; t: TFunction }) {
  return (
    <span className="inline-flex items-center gap-1.5 text-sm text-slate-600">
      <Icon name="tag" className="size-4 text-slate-400" />
      {t('trips:card.products', { count })}
    </span>
  );
}
