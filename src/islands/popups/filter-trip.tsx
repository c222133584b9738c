import { Radio, RadioGroup } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { filterTripSchema } from '../../lib/schemas/places.ts';
import { $popupState, setPopupState } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { FieldError } from '../trips/FieldParts.tsx';
import { FilterActions } from '../trips/FilterPlace.tsx';
import { applyParams, readIdParam } from '../trips/filter-url.ts';
import { activeTrips } from '../trips/lookups.ts';
import { TripDatesList, TripRoute } from '../trips/TripParts.tsx';
import type { TripItem } from '../trips/trip-types.ts';
import { PopupBody, PopupHeader, PopupList, Spinner, type PopupProps } from './PopupParts.tsx';

const PARAM = 'trip_id';

/** Listings that fit one of the user's active trips (trip_id in the URL); required: 'trip belum dipilih'. */
export default function FilterTripPopup({ close }: PopupProps) {
  const t = useT();
  const { locale, user } = useSession();
  const { filter } = useStore($popupState);
  const [trips, setTrips] = useState<TripItem[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [selected, setSelected] = useState<number | null>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    if (!user) {
      window.location.assign(`/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      return;
    }
    const controller = new AbortController();
    activeTrips(controller.signal)
      .then((rows) => {
        setTrips(rows);
        const current = readIdParam(PARAM) ?? filter?.trip?.id ?? null;
        if (current && rows.some((r) => r.id === current)) setSelected(current);
      })
      .catch((err: Error) => {
        if (err.name === 'AbortError') return;
        console.error('trips failed to load', err);
        setFailed(true);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function apply(e: FormEvent) {
    e.preventDefault();
    const parsed = filterTripSchema.safeParse({ trip_id: selected ?? undefined });
    const trip = trips?.find((r) => r.id === selected);
    if (!parsed.success || !trip) {
      setError(t(parsed.error?.issues[0]?.message ?? 'places:filter.trip_required'));
      return;
    }
    setPopupState({ filter: { ...filter, trip } });
    close();
    applyParams({ [PARAM]: trip.id });
  }

  function clear() {
    setPopupState({ filter: { ...filter, trip: null } });
    close();
    applyParams({}, [PARAM]);
  }

  return (
    <form noValidate onSubmit={apply} data-testid="filter-trip">
      <PopupHeader title={t('trips:filter.trip_title')} description={t('trips:filter.trip_description')} />
      <PopupBody className="space-y-3">
        {!trips && !failed && <Spinner label={t('popup.loading')} />}
        {failed && <p role="alert" className="rounded-lg bg-red-50 px-3 py-4 text-center text-sm text-red-700">{t('trips:select.failed')}</p>}
        {trips && trips.length === 0 && <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">{t('trips:filter.no_trips')}</p>}
        {trips && trips.length > 0 && (
          <PopupList>
            <RadioGroup
              value={selected}
              onChange={(id: number | null) => {
                setSelected(id);
                setError('');
              }}
              aria-label={t('trips:filter.trip_title')}
              className="divide-y divide-slate-100"
            >
              {trips.map((trip) => (
                <Radio
                  key={trip.id}
                  value={trip.id}
                  className="group flex cursor-pointer items-start gap-3 px-3 py-3 outline-none data-checked:bg-brand-50 data-focus:ring-2 data-focus:ring-brand-300 data-focus:ring-inset"
                >
                  <span className="mt-0.5 flex size-5 shrink-0 items-center justify-center rounded-full border border-slate-300 bg-white group-data-checked:border-brand-500 group-data-checked:bg-brand-500">
                    <Icon name="check" className="size-3.5 text-white opacity-0 group-data-checked:opacity-100" />
                  </span>
                  <span className="min-w-0 flex-1 space-y-2">
                    <TripRoute trip={trip} className="text-sm font-semibold text-slate-900" />
                    <TripDatesList trip={trip} locale={locale} t={t} compact />
                  </span>
                </Radio>
              ))}
            </RadioGroup>
          </PopupList>
        )}
        <FieldError>{error}</FieldError>
      </PopupBody>
      <FilterActions onClear={clear} />
    </form>
  );
}
