import type { TFunction } from 'i18next';
import { openPopup } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { routeArrow } from './trip-display.ts';
import type { TripItem } from './trip-types.ts';

const actionButton =
  'inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border px-3 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/** Edit (new dates with a reason) and Cancel, for an active trip. */
export function TripActions({ trip, t }: { trip: TripItem; t: TFunction }) {
  if (trip.status !== 'ACTIVE') return null;
  const route = routeArrow(trip);
  return (
    <>
      <button
        type="button"
        onClick={() => openPopup('trip', { mode: 'edit', selectedTrip: trip, id: trip.id })}
        aria-label={t('trips:card.edit_label', { route })}
        className={`${actionButton} border-slate-300 bg-white text-slate-700 hover:bg-slate-50`}
      >
        <Icon name="calendar" className="size-4" />
        {t('trips:card.edit')}
      </button>
      <button
        type="button"
        onClick={() => openPopup('trip-cancel-confirmation', { selectedTrip: trip, id: trip.id })}
        aria-label={t('trips:card.cancel_label', { route })}
        className={`${actionButton} border-red-200 bg-white text-red-700 hover:bg-red-50`}
      >
        <Icon name="close" className="size-4" />
        {t('trips:card.cancel')}
      </button>
    </>
  );
}

/** 'Add trip': the trip popup in create mode. */
export function AddTripAction({ t, className = '' }: { t: TFunction; className?: string }) {
  return (
    <button
      type="button"
      onClick={() => openPopup('trip', { mode: 'create' })}
      className={`inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-brand-500 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${className}`}
    >
      <Icon name="plus" className="size-5" />
      {t('trips:page.add')}
    </button>
  );
}
