import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { addDays, todayIso } from '../../lib/dates.ts';
import { formatDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { deliveryAfterArrivalChange, tripCreateSchema, tripUpdateSchema } from '../../lib/schemas/trips.ts';
import { $popupState, popupNext, setPopupState, type PopupNext, type PopupProps, type PopupTrip } from '../../lib/stores/popup.ts';
import { $user } from '../../lib/stores/session.ts';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { DateField } from '../trips/DateField.tsx';
import { searchCitiesWithCountry } from '../trips/lookups.ts';
import { destinationLabel, originLabel, placeLabel, tripDates } from '../trips/trip-display.ts';
import type { CityWithCountry, TripView } from '../../lib/views/index.ts';
import { FormNotice } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader, FormActions } from '../ui/Dialog.tsx';
import { TextArea } from '../ui/Field.tsx';
import { redirectToLogin } from '../ui/flash.ts';
import { SearchCombobox } from '../ui/SearchCombobox.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { useZodForm, type FieldBinding, type TextBinding } from '../ui/use-zod-form.ts';
import { followNext } from './follow-next.ts';

/** The API's trip fields → the form's (origin_country_id and origin_city_id are both the origin picker). */
const TRIP_FIELDS: Record<string, string> = {
  origin_country_id: 'origin',
  origin_city_id: 'origin',
  destination_country_id: 'destination',
  destination_city_id: 'destination',
  arrival_date: 'arrival',
  delivery_date: 'delivery',
  additional_information: 'info',
};

/**
 * SPEC §2 "Trip popup": create a trip, or (mode 'edit' with a selected trip) change its dates.
 * Once saved it goes where its opener asked (`next`): the trips list, back to choosing a trip
 * (the new one chosen), or a reload of the trip's page.
 */
export default function TripPopup({ close }: PopupProps) {
  const state = useStore($popupState);
  // Fixed when the popup opens: another popup changing the shared state must not swap the form.
  const [editing] = useState(() => (state.mode === 'edit' && state.selectedTrip ? state.selectedTrip : null));
  const [next] = useState(popupNext);
  return editing ? <EditTrip trip={editing} next={next} close={close} /> : <CreateTrip next={next} close={close} />;
}

/** Arrival and delivery pickers, shared by create and edit; a later arrival clears an earlier delivery. */
function TripDateFields({ arrival, delivery, withHints = false }: { arrival: FieldBinding<string | null>; delivery: FieldBinding<string | null>; withHints?: boolean }) {
  const t = useT();
  const { locale } = useSession();
  // SPEC §5: the first day a trip may arrive is tomorrow; delivery is not before arrival.
  const firstDay = addDays(todayIso(), 1);
  const firstDelivery = arrival.value && arrival.value > firstDay ? arrival.value : firstDay;
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <DateField
        {...arrival}
        onValue={(iso) => {
          arrival.onValue(iso);
          // SPEC §4: a later arrival clears a delivery date that is now too early.
          if (deliveryAfterArrivalChange(iso, delivery.value) !== delivery.value) delivery.onValue(null);
        }}
        data-testid="trip-arrival"
        label={t('trips:form.arrival')}
        hint={withHints ? t('trips:form.arrival_hint') : undefined}
        placeholder={t('trips:form.choose_date')}
        min={firstDay}
        locale={locale}
      />
      <DateField
        {...delivery}
        data-testid="trip-delivery"
        label={t('trips:form.delivery')}
        hint={withHints ? t('trips:form.delivery_hint') : undefined}
        placeholder={t('trips:form.choose_date')}
        min={firstDelivery}
        locale={locale}
      />
    </div>
  );
}

/** 'Anything travellers should know' (optional), in both forms. */
function InfoField(props: TextBinding) {
  const t = useT();
  return (
    <TextArea
      {...props}
      label={t('trips:form.additional_information')}
      optional
      rows={2}
      maxLength={1000}
      placeholder={t('trips:form.additional_placeholder')}
      className="min-h-20"
    />
  );
}

function CreateTrip({ next, close }: { next: PopupNext | null; close: () => void }) {
  const t = useT();
  const user = useStore($user);
  const form = useZodForm({
    schema: tripCreateSchema(todayIso()),
    defaultValues: { origin: null as CityWithCountry | null, destination: null as CityWithCountry | null, arrival: null as string | null, delivery: null as string | null, info: '' },
    toInput: ({ origin, destination, arrival, delivery, info }) => ({
      origin_country_id: origin?.country_id,
      origin_city_id: origin?.id,
      destination_country_id: destination?.country_id,
      destination_city_id: destination?.id,
      arrival_date: arrival ?? '',
      delivery_date: delivery ?? '',
      additional_information: info.trim() || undefined,
    }),
    fieldOf: TRIP_FIELDS,
  });

  // SPEC §5: creating a trip when not logged in goes to /login (and back here after).
  useEffect(() => {
    if (!user) redirectToLogin();
  }, [user]);
  if (!user) return <Loading label={t('trips:form.login_needed')} />;

  const onSubmit = form.submit(async (data) => {
    const { message, data: trip } = await api<TripView>('POST', '/users/trips', { body: data });
    // Back to choosing a trip: the new one is the choice.
    if (next && 'popup' in next) setPopupState({ selectedTrip: trip });
    return followNext(next, message, close);
  });

  const city = {
    search: searchCitiesWithCountry,
    optionLabel: (c: CityWithCountry) => placeLabel(c.name, c.country_name),
    placeholder: t('trips:form.city_placeholder'),
    searchingText: t('trips:form.city_searching'),
    noneText: t('trips:form.city_none'),
    initialHeading: t('trips:form.city_popular'),
  };
  return (
    <form noValidate onSubmit={onSubmit} data-testid="trip-form">
      <DialogHeader title={t('trips:form.create_title')} description={t('trips:form.create_description')} />
      <DialogBody className="space-y-4">
        <FormNotice notice={form.notice} />
        <SearchCombobox<CityWithCountry> {...form.field('origin')} {...city} data-testid="trip-origin" label={t('trips:form.origin')} icon="plane" />
        <SearchCombobox<CityWithCountry> {...form.field('destination')} {...city} data-testid="trip-destination" label={t('trips:form.destination')} icon="mapPin" />
        <TripDateFields arrival={form.field('arrival')} delivery={form.field('delivery')} withHints />
        <InfoField {...form.text('info')} />
      </DialogBody>
      <FormActions busy={form.busy} onCancel={close} submitLabel={t('trips:form.save')} busyLabel={t('trips:form.saving')} />
    </form>
  );
}

/** Edit: new dates and a reason, then a confirmation step before PUT (SPEC §2, §4). */
function EditTrip({ trip, next, close }: { trip: PopupTrip; next: PopupNext | null; close: () => void }) {
  const t = useT();
  const { locale } = useSession();
  const current = tripDates(trip);
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const form = useZodForm({
    schema: tripUpdateSchema(todayIso()),
    defaultValues: { arrival: current.arrival as string | null, delivery: current.delivery as string | null, reason: '', info: trip.additional_information ?? '' },
    // An emptied field is sent as '' so the server clears it (undefined keeps the old text).
    toInput: ({ arrival, delivery, reason, info }) => ({ arrival_date: arrival ?? '', delivery_date: delivery ?? '', reason, additional_information: info.trim() }),
    fieldOf: TRIP_FIELDS,
  });

  const review = form.submit(() => setStep('confirm'));
  const save = form.submit(
    async (data) => {
      const { message } = await api('PUT', `/users/trips/${trip.id}`, { body: data });
      return followNext(next, message, close);
    },
    {
      onError: () => {
        setStep('form'); // the messages show on the form
        return false;
      },
    },
  );

  if (step === 'confirm') {
    const values = form.getValues();
    return (
      <div data-testid="trip-confirm">
        <DialogHeader title={t('trips:confirm.title')} />
        <DialogBody className="space-y-4">
          <p className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm leading-6 text-amber-900 ring-1 ring-amber-200">
            <Icon name="alertCircle" className="mt-0.5 size-5 shrink-0 text-amber-600" />
            <span>{t('trips:confirm.warning')}</span>
          </p>
          <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 p-3 text-sm">
            <div>
              <dt className="text-xs text-slate-500">{t('trips:card.arrival')}</dt>
              <dd className="font-semibold text-slate-900">{values.arrival && formatDate(values.arrival, locale)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t('trips:card.delivery')}</dt>
              <dd className="font-semibold text-slate-900">{values.delivery && formatDate(values.delivery, locale)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-500">{t('trips:form.reason')}</dt>
              <dd className="break-words text-slate-800">{values.reason.trim()}</dd>
            </div>
          </dl>
        </DialogBody>
        <DialogActions>
          <Button variant="secondary" onClick={() => setStep('form')} disabled={form.busy}>
            {t('trips:confirm.back')}
          </Button>
          <Button onClick={() => void save()} loading={form.busy} loadingLabel={t('trips:form.saving')} data-autofocus>
            {t('trips:confirm.yes')}
          </Button>
        </DialogActions>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={review} data-testid="trip-form">
      <DialogHeader title={t('trips:form.edit_title')} description={t('trips:form.edit_description')} />
      <DialogBody className="space-y-4">
        <FormNotice notice={form.notice} />
        <div>
          <span className="mb-1.5 block text-sm font-medium text-slate-700">{t('trips:form.route')}</span>
          <div className="rounded-lg border border-slate-200 bg-slate-50 px-3.5 py-2.5 text-sm text-slate-700" data-testid="trip-route">
            <p className="flex items-center gap-2">
              <Icon name="plane" className="size-4 shrink-0 text-slate-400" />
              <span className="sr-only">{t('trips:form.origin')}: </span>
              {originLabel(trip)}
            </p>
            <p className="mt-1 flex items-center gap-2">
              <Icon name="mapPin" className="size-4 shrink-0 text-slate-400" />
              <span className="sr-only">{t('trips:form.destination')}: </span>
              {destinationLabel(trip)}
            </p>
          </div>
        </div>
        <TripDateFields arrival={form.field('arrival')} delivery={form.field('delivery')} />
        <TextArea
          {...form.text('reason')}
          label={t('trips:form.reason')}
          hint={t('trips:form.reason_hint')}
          rows={2}
          maxLength={500}
          required
          placeholder={t('trips:form.reason_placeholder')}
          className="min-h-20"
        />
        <InfoField {...form.text('info')} />
      </DialogBody>
      <FormActions busy={false} onCancel={close} submitLabel={t('trips:form.continue')} />
    </form>
  );
}
