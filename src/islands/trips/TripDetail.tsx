import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { Icon } from '../Icon.tsx';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { TripActions } from './TripActions.tsx';
import { tripDates } from './trip-display.ts';
import { ChangeReason, ProductsCount, StatusBadge, TripDatesList } from './TripParts.tsx';
import type { TripView } from '../../lib/views/index.ts';

/** The head of /dashboard/trip/{id}: route, status, dates (and what changed), Edit / Cancel. */
export default function TripDetail({ boot, trip }: { boot: Boot; trip: TripView }) {
  return (
    <IslandRoot boot={boot}>
      <Detail trip={trip} />
    </IslandRoot>
  );
}

function Detail({ trip }: { trip: TripView }) {
  const t = useT();
  const { locale } = useSession();
  const dates = tripDates(trip);
  return (
    <section className="rounded-2xl border border-slate-200 bg-white shadow-xs">
      <div className="space-y-5 p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
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
        <div className="grid gap-3 sm:grid-cols-[1fr_auto_1fr] sm:items-center">
          <Place label={t('trips:detail.from')} city={trip.origin_city.name} country={trip.origin_country.name} icon="plane" />
          <span aria-hidden="true" className="hidden size-9 items-center justify-center rounded-full bg-brand-50 text-brand-600 sm:flex">
            <Icon name="arrowRight" className="size-5" />
          </span>
          <Place label={t('trips:detail.to')} city={trip.destination_city.name} country={trip.destination_country.name} icon="mapPin" />
        </div>
        <TripDatesList trip={trip} locale={locale} t={t} />
        {dates.changed && trip.reason && <ChangeReason reason={trip.reason} t={t} />}
        {trip.additional_information && (
          <div>
            <h2 className="text-xs font-medium text-slate-500">{t('trips:detail.additional_information')}</h2>
            <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-slate-700">{trip.additional_information}</p>
          </div>
        )}
      </div>
      <div className="flex flex-col gap-3 border-t border-slate-100 px-5 py-3 sm:flex-row sm:items-center sm:px-6">
        <ProductsCount count={trip.products_count} t={t} />
        <div className="flex flex-wrap items-center gap-2 sm:ml-auto">
          <TripActions trip={trip} t={t} />
        </div>
      </div>
    </section>
  );
}

function Place({ label, city, country, icon }: { label: string; city: string; country: string; icon: 'plane' | 'mapPin' }) {
  return (
    <div className="flex items-center gap-3 rounded-xl bg-slate-50 px-4 py-3">
      <Icon name={icon} className="size-5 shrink-0 text-brand-600" />
      <div className="min-w-0">
        <p className="text-xs font-medium text-slate-500">{label}</p>
        <p className="truncate text-base font-semibold text-slate-900">
          {city}, <span className="font-normal text-slate-600">{country}</span>
        </p>
      </div>
    </div>
  );
}
