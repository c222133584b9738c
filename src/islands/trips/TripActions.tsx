import type { TFunction } from 'i18next';
import { openPopup } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { Button } from '../ui/Button.tsx';
import { routeArrow } from './trip-display.ts';
import type { TripView } from '../../lib/views/index.ts';

/** Edit (new dates with a reason) and Cancel, for an active trip. */
export function TripActions({ trip, t }: { trip: TripView; t: TFunction }) {
  if (trip.status !== 'ACTIVE') return null;
  const route = routeArrow(trip);
  return (
    <>
      <Button
        variant="secondary"
        size="sm"
        onClick={() => openPopup('trip', { mode: 'edit', selectedTrip: trip, id: trip.id, next: { reload: true } })}
        aria-label={t('trips:card.edit_label', { route })}
        icon={<Icon name="calendar" className="size-4" />}
      >
        {t('trips:card.edit')}
      </Button>
      <Button
        variant="danger-outline"
        size="sm"
        onClick={() => openPopup('trip-cancel-confirmation', { selectedTrip: trip, id: trip.id, next: { reload: true } })}
        aria-label={t('trips:card.cancel_label', { route })}
        icon={<Icon name="close" className="size-4" />}
      >
        {t('trips:card.cancel')}
      </Button>
    </>
  );
}

/** 'Add trip': the trip popup in create mode; the new trip is then found in the trips list. */
export function AddTripAction({ t, className = '' }: { t: TFunction; className?: string }) {
  return (
    <Button onClick={() => openPopup('trip', { mode: 'create', next: { href: '/dashboard/trip' } })} icon={<Icon name="plus" className="size-5" />} className={className}>
      {t('trips:page.add')}
    </Button>
  );
}
