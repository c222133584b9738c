import type { TripStatus } from '../../lib/schemas/trips.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { Icon } from '../Icon.tsx';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { AddTripAction, TripActions } from './TripActions.tsx';
import { routeArrow, tripDates } from './trip-display.ts';
import { ChangeReason, ProductsCount, StatusBadge, TripDatesList, TripRoute } from './TripParts.tsx';
import type { TripView } from '../../lib/views/index.ts';

/** The trips of one status tab as cards, or that tab's empty state. */
export default function TripList({ boot, trips, status }: { boot: Boot; trips: TripView[]; status: TripStatus }) {
  return (
    <IslandRoot boot={boot}>
      <Trips trips={trips} status={status} />
    </IslandRoot>
  );
}

function Trips({ trips, status }: { trips: TripView[]; status: TripStatus }) {
  const t = useT();
  if (!trips.length) return <EmptyState status={status} />;
  return (
    <ul className="grid gap-4" aria-label={t(`trips:status.${status}`)}>
      {trips.map((trip) => (
        <li key={trip.id}>
          <TripCard trip={trip} />
        </li>
      ))}
    </ul>
  );
}

function TripCard({ trip }: { trip: TripView }) {
  const t = useT();
  const { locale } = useSession();
  const dates = tripDates(trip);
  const href = `/dashboard/trip/${trip.id}`;
  return (
    <article className="rounded-xl border border-slate-200 bg-white shadow-xs" data-testid="trip-card">
      <div className="space-y-4 p-4 sm:p-5">
        <div className="flex items-start gap-3">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
            <Icon name="plane" className="size-5" />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="text-base font-semibold text-slate-900 sm:text-lg">
              <a href={href} className="rounded hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
                <TripRoute trip={trip} />
              </a>
            </h2>
            <div className="mt-1 flex flex-wrap items-center gap-2">
              <StatusBadge status={trip.status} t={t} />
              {trip.confirmed_trip && (
                <span className="inline-flex items-center rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset" title={t('orders-after:proof.badge_hint')} data-testid="confirmed-trip">
                  ✓ {t('orders-after:proof.badge')}
                </span>
              )}
              {dates.changed && (
                <span className="inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-semibold text-amber-800 ring-1 ring-amber-200 ring-inset">
                  {t('trips:card.changed')}
                </span>
              )}
            </div>
          </div>
        </div>
        <TripDatesList trip={trip} locale={locale} t={t} />
        {dates.changed && trip.reason && <ChangeReason reason={trip.reason} t={t} />}
      </div>
      <div className="flex flex-col gap-3 border-t border-slate-100 px-4 py-3 sm:flex-row sm:items-center sm:px-5">
        <ProductsCount count={trip.products_count} t={t} />
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          <TripActions trip={trip} t={t} />
          <a
          href={href}
          aria-label={t('trips:card.details_label', { route: routeArrow(trip) })}
          className="inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
        >
            {t('trips:card.details')}
            <Icon name="chevronRight" className="size-4" />
          </a>
        </div>
      </div>
    </article>
  );
}

function EmptyState({ status }: { status: TripStatus }) {
  const t = useT();
  return (
    <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <Icon name="suitcase" className="size-6" />
      </span>
      <h2 className="mt-4 text-base font-semibold text-slate-900">{t(`trips:empty.${status}.title`)}</h2>
      <p className="mt-1 max-w-sm text-sm text-slate-600">{t(`trips:empty.${status}.text`)}</p>
      {status === 'ACTIVE' && <AddTripAction t={t} className="mt-5" />}
    </div>
  );
}
