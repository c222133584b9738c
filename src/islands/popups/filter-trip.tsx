import { Radio, RadioGroup } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { filterTripSchema } from '../../lib/schemas/places.ts';
import { $popupState, setPopupState, type PopupProps } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { FilterActions } from '../trips/FilterPlace.tsx';
import { applyParams, readIdParam } from '../trips/filter-url.ts';
import { activeTrips } from '../trips/lookups.ts';
import { TripDatesList, TripRoute } from '../trips/TripParts.tsx';
import type { TripView } from '../../lib/views/index.ts';
import { Alert } from '../ui/Alert.tsx';
import { DialogBody, DialogHeader, DialogList } from '../ui/Dialog.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { FieldMessage } from '../ui/Field.tsx';
import { redirectToLogin } from '../ui/flash.ts';
import { Loading } from '../ui/Spinner.tsx';
import { useZodForm } from '../ui/use-zod-form.ts';

const PARAM = 'trip_id';

/** Listings that fit one of the user's active trips (trip_id in the URL); required: 'trip belum dipilih'. */
export default function FilterTripPopup({ close }: PopupProps) {
  const t = useT();
  const { locale, user } = useSession();
  const { filter } = useStore($popupState);
  const [trips, setTrips] = useState<TripView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const form = useZodForm({ schema: filterTripSchema, defaultValues: { trip_id: null as number | null } });
  const selected = form.field('trip_id');
  const errorId = useId();

  useEffect(() => {
    if (!user) return redirectToLogin();
    const controller = new AbortController();
    activeTrips(controller.signal)
      .then((rows) => {
        setTrips(rows);
        const current = readIdParam(PARAM) ?? filter?.trip?.id ?? null;
        if (current && rows.some((r) => r.id === current)) form.reset({ trip_id: current });
      })
      .catch((err: Error) => {
        if (err.name === 'AbortError') return;
        console.error('trips failed to load', err);
        setFailed(true);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onSubmit = form.submit(({ trip_id }) => {
    const trip = trips?.find((r) => r.id === trip_id);
    setPopupState({ filter: { ...filter, trip } });
    close();
    applyParams({ [PARAM]: trip_id });
  });

  function clear() {
    setPopupState({ filter: { ...filter, trip: null } });
    close();
    applyParams({}, [PARAM]);
  }

  return (
    <form noValidate onSubmit={onSubmit} data-testid="filter-trip">
      <DialogHeader title={t('trips:filter.trip_title')} description={t('trips:filter.trip_description')} />
      <DialogBody className="space-y-3">
        {!trips && !failed && <Loading label={t('ui.loading')} />}
        {failed && <Alert kind="error">{t('trips:select.failed')}</Alert>}
        {trips && trips.length === 0 && <EmptyState compact text={t('trips:filter.no_trips')} />}
        {trips && trips.length > 0 && (
          <DialogList>
            <RadioGroup
              ref={selected.ref}
              value={selected.value}
              onChange={selected.onValue}
              aria-label={t('trips:filter.trip_title')}
              aria-invalid={selected.error ? true : undefined}
              aria-describedby={selected.error ? `${errorId}-error` : undefined}
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
          </DialogList>
        )}
        <FieldMessage id={errorId} error={selected.error} />
      </DialogBody>
      <FilterActions onClear={clear} />
    </form>
  );
}
