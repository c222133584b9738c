import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { $popupState, openPopup, popupNext, type PopupProps } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { $tripCancelFailure } from '../trips/cancel-failure.ts';
import { routeArrow } from '../trips/trip-display.ts';
import { Confirm } from '../ui/Dialog.tsx';
import { useAction } from '../ui/use-action.ts';
import { followNext } from './follow-next.ts';

/**
 * SPEC §4: cancelling a trip cancels its pending offers, unpaid payments and unconfirmed
 * purchases and hides its pre-orders; the server refuses (409) while a shipping, refund or
 * appeal is open, and then trip-cancel-failed says why. Once cancelled: where the opener asked.
 */
export default function TripCancelConfirmationPopup({ close }: PopupProps) {
  const t = useT();
  const { selectedTrip, id } = useStore($popupState);
  const [trip] = useState(selectedTrip);
  const [next] = useState(popupNext);
  const tripId = trip?.id ?? id;
  const action = useAction();

  const cancelTrip = () =>
    action.run(
      async () => {
        if (!tripId) return close();
        const { message } = await api('PUT', `/users/trips/${tripId}/cancel`);
        return followNext(next, message, close);
      },
      (err) => {
        if (err.code !== 'BLOCKED') return false;
        $tripCancelFailure.set(err.message);
        openPopup('trip-cancel-failed');
        return true;
      },
    );

  const consequences = ['offers', 'payments', 'purchases', 'preorders'] as const;
  return (
    <Confirm
      data-testid="trip-cancel-confirmation"
      danger
      title={t('trips:cancel.title')}
      cancelLabel={t('trips:cancel.keep')}
      confirmLabel={t('trips:cancel.confirm')}
      busyLabel={t('trips:cancel.cancelling')}
      busy={action.busy}
      onConfirm={() => void cancelTrip()}
      onCancel={close}
    >
      <div className="space-y-3 text-slate-700">
        {trip && <p>{t('trips:cancel.intro', { route: routeArrow(trip) })}</p>}
        <div className="rounded-lg bg-red-50 p-3 ring-1 ring-red-100">
          <p className="font-medium text-red-900">{t('trips:cancel.what_happens')}</p>
          <ul className="mt-2 space-y-1.5">
            {consequences.map((key) => (
              <li key={key} className="flex gap-2 text-red-900/90">
                <Icon name="alertCircle" className="mt-0.5 size-4 shrink-0 text-red-500" />
                <span>{t(`trips:cancel.${key}`)}</span>
              </li>
            ))}
          </ul>
        </div>
      </div>
    </Confirm>
  );
}
