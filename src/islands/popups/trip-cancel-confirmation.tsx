import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { $popupState, openPopup } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Icon } from '../Icon.tsx';
import { $tripCancelFailure } from '../trips/cancel-failure.ts';
import { flashAndGo } from '../trips/flash.ts';
import { routeArrow } from '../trips/trip-display.ts';
import { PopupActions, PopupBody, PopupHeader, secondaryButton, type PopupProps } from './PopupParts.tsx';

const dangerButton =
  'inline-flex h-10 items-center justify-center rounded-lg bg-red-600 px-5 text-sm font-semibold text-white shadow-sm hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:cursor-not-allowed disabled:opacity-60';

/**
 * SPEC §4: cancelling a trip cancels its pending offers, unpaid payments and unconfirmed
 * purchases and hides its pre-orders; the server refuses (409) while a shipping, refund or
 * appeal is open, and then trip-cancel-failed says why.
 */
export default function TripCancelConfirmationPopup({ close }: PopupProps) {
  const t = useT();
  const { selectedTrip, id } = useStore($popupState);
  const [trip] = useState(selectedTrip);
  const tripId = trip?.id ?? id;
  const [busy, setBusy] = useState(false);

  async function cancelTrip() {
    if (!tripId) return close();
    setBusy(true);
    try {
      const { message } = await api('PUT', `/users/trips/${tripId}/cancel`);
      flashAndGo(message);
    } catch (err) {
      setBusy(false);
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 409) {
        $tripCancelFailure.set(err.message);
        openPopup('trip-cancel-failed');
      } else {
        toast.error(err.message);
      }
    }
  }

  const consequences = ['offers', 'payments', 'purchases', 'preorders'] as const;
  return (
    <div data-testid="trip-cancel-confirmation">
      <PopupHeader title={t('trips:cancel.title')} />
      <PopupBody className="space-y-3 text-sm text-slate-700">
        {trip && <p className="leading-6">{t('trips:cancel.intro', { route: routeArrow(trip) })}</p>}
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
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} disabled={busy} className={secondaryButton} data-autofocus>
          {t('trips:cancel.keep')}
        </button>
        <button type="button" onClick={cancelTrip} disabled={busy} className={dangerButton}>
          {busy ? t('trips:cancel.cancelling') : t('trips:cancel.confirm')}
        </button>
      </PopupActions>
    </div>
  );
}
