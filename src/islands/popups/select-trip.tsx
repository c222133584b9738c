import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { $popupState, openPopup, setPopupState, type PopupProps } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { activeTrips } from '../trips/lookups.ts';
import { TripDatesList, TripRoute } from '../trips/TripParts.tsx';
import type { TripView } from '../../lib/views/index.ts';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader, DialogList } from '../ui/Dialog.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { isUnauthenticated } from '../../lib/api.ts';
import { redirectToLogin } from '../ui/flash.ts';
import { Loading } from '../ui/Spinner.tsx';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; trips: TripView[] };

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
        if (isUnauthenticated(err)) return redirectToLogin();
        console.error('trips failed to load', err);
        setLoad({ state: 'failed' });
      });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    fetchTrips(controller.signal);
    return () => controller.abort();
  }, [fetchTrips]);

  function choose(trip: TripView) {
    setPopupState({ selectedTrip: trip });
    close();
  }

  return (
    <div data-testid="select-trip">
      <DialogHeader title={t('trips:select.title')} description={t('trips:select.description')} />
      <DialogBody>
        {load.state === 'loading' && <Loading label={t('ui.loading')} />}
        {load.state === 'failed' && (
          <div role="alert" className="flex flex-col items-center gap-3 rounded-lg border border-red-100 bg-red-50 px-4 py-6 text-center text-sm text-red-700">
            <p>{t('trips:select.failed')}</p>
            <Button variant="secondary" onClick={() => fetchTrips()}>
              {t('trips:select.retry')}
            </Button>
          </div>
        )}
        {load.state === 'ready' && load.trips.length === 0 && (
          <EmptyState compact text={t('trips:select.empty')} />
        )}
        {load.state === 'ready' && load.trips.length > 0 && (
          <DialogList label={t('trips:select.title')}>
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
          </DialogList>
        )}
      </DialogBody>
      <DialogActions>
        <Button variant="secondary" onClick={() => openPopup('trip', { mode: 'create', next: { popup: 'select-trip' } })} icon={<Icon name="plus" className="size-4" />}>
          {t('trips:select.add')}
        </Button>
      </DialogActions>
    </div>
  );
}
