import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { $popupState, openPopup, setPopupState } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { activeTrips } from '../trips/lookups.ts';
import { TripDatesList, TripRoute } from '../trips/TripParts.tsx';
import type { TripItem } from '../trips/trip-types.ts';
import { PopupActions, PopupBody, PopupHeader, PopupList, secondaryButton, Spinner, type PopupProps } from './PopupParts.tsx';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; trips: TripItem[] };

/**
 * Choose one of the user's active trips for what comes next (a pre-order, taking a request):
 * sets `selectedTrip` in the shared popup state and closes, so a queued popup opens next.
 */
export default function SelectTripPopup({ close }: PopupProps) {
  const t = useT();
  const { locale } = useSession();
  const { selectedTrip } = useStore($popupState);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  const fetchTrips = useCallback((signal?: AbortSignal) => {
    setLoad({ state: 'loading' });
    activeTrips(signal)
      .then((trips) => setLoad({ state: 'ready', trips }))
      .catch((err: Error) => {
        if (err.name === 'AbortError') return;
        if (err instanceof ApiError && err.status === 401) {
          window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
          return;
        }
        console.error('trips failed to load', err);
        setLoad({ state: 'failed' });
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    fetchTrips(controller.signal);
    return () => controller.abort();
  }, [fetchTrips]);

  function choose(trip: TripItem) {
    setPopupState({ selectedTrip: trip });
    close();
  }

  return (
    <div data-testid="select-trip">
      <PopupHeader title={t('trips:select.title')} description={t('trips:select.description')} />
      <PopupBody>
        {load.state === 'loading' && <Spinner label={t('popup.loading')} />}
        {load.state === 'failed' && (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-100 bg-red-50 px-4 py-6 text-center text-sm text-red-700">
            <p>{t('trips:select.failed')}</p>
            <button type="button" onClick={() => fetchTrips()} className={secondaryButton}>
              {t('trips:select.retry')}
            </button>
          </div>
        )}
        {load.state === 'ready' && load.trips.length === 0 && (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">{t('trips:select.empty')}</p>
        )}
        {load.state === 'ready' && load.trips.length > 0 && (
          <PopupList label={t('trips:select.title')}>
            <ul className="divide-y divide-slate-100">
              {load.trips.map((trip) => {
                const chosen = selectedTrip?.id === trip.id;
                return (
                  <li key={trip.id}>
                    <button
                      type="button"
                      onClick={() => choose(trip)}
                      aria-pressed={chosen}
                      className={`flex w-full items-start gap-3 px-3 py-3 text-left outline-none hover:bg-slate-50 focus-visible:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-300 focus-visible:ring-inset ${chosen ? 'bg-brand-50/70' : ''}`}
                    >
                      <span className={`mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-full ${chosen ? 'bg-brand-500 text-white' : 'bg-brand-50 text-brand-600'}`}>
                        <Icon name={chosen ? 'check' : 'plane'} className="size-4" />
                      </span>
                      <span className="min-w-0 flex-1 space-y-2">
                        <TripRoute trip={trip} className="text-sm font-semibold text-slate-900" />
                        <TripDatesList trip={trip} locale={locale} t={t} compact />
                      </span>
                      {chosen && <span className="shrink-0 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-800">{t('trips:select.chosen')}</span>}
                    </button>
                  </li>
                );
              })}
            </ul>
          </PopupList>
        )}
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={() => openPopup('trip', { mode: 'create' })} className={`${secondaryButton} gap-2`}>
          <Icon name="plus" className="size-4" />
          {t('trips:select.add')}
        </button>
      </PopupActions>
    </div>
  );
}
