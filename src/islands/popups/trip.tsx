import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { addDays, todayIso } from '../../lib/dates.ts';
import { formatDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { deliveryAfterArrivalChange, tripCreateSchema, tripUpdateSchema } from '../../lib/schemas/trips.ts';
import { $popup, $popupState, openPopup, queuePopup, setPopupState, type PopupTrip } from '../../lib/stores/popup.ts';
import { $user } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { DateField } from '../trips/DateField.tsx';
import { FieldError, fieldClass, fieldState, labelClass } from '../trips/FieldParts.tsx';
import { flashAndGo } from '../trips/flash.ts';
import { collectErrors, serverErrors, TRIP_FIELDS } from '../trips/form-errors.ts';
import { searchCitiesWithCountry } from '../trips/lookups.ts';
import { SearchCombobox } from '../trips/SearchCombobox.tsx';
import { destinationLabel, originLabel, placeLabel, tripDates } from '../trips/trip-display.ts';
import type { CityWithCountry, TripItem } from '../trips/trip-types.ts';
import { PopupActions, PopupBody, PopupHeader, primaryButton, secondaryButton, Spinner, type PopupProps } from './PopupParts.tsx';

// take-request is another issue's popup: chain to it only once its module exists (SPEC §4).
const hasTakeRequest = Object.keys(import.meta.glob('./take-request.tsx')).length > 0;

const textareaClass = `${fieldClass.replace('h-11', 'min-h-20')} py-2.5 leading-6`;

/** SPEC §2 "Trip popup": create a trip, or (mode 'edit' with a selected trip) change its dates. */
export default function TripPopup({ close }: PopupProps) {
  const state = useStore($popupState);
  // Fixed when the popup opens: another popup changing the shared state must not swap the form.
  const [editing] = useState(() => (state.mode === 'edit' && state.selectedTrip ? state.selectedTrip : null));
  return editing ? <EditTrip trip={editing} close={close} /> : <CreateTrip close={close} />;
}

const loginPath = () => `/login?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`;

/** The first day a trip may arrive (after today, SPEC §5) and the first possible delivery. */
function useDateLimits(arrival: string | null) {
  const firstDay = addDays(todayIso(), 1);
  return { firstDay, firstDelivery: arrival && arrival > firstDay ? arrival : firstDay };
}

/** Arrival and delivery pickers, shared by create and edit; a later arrival clears an earlier delivery. */
function TripDateFields(props: {
  arrival: string | null;
  delivery: string | null;
  setArrival: (iso: string | null) => void;
  setDelivery: (update: (d: string | null) => string | null) => void;
  errors: Record<string, string>;
  clear: (field: string) => void;
  withHints?: boolean;
}) {
  const t = useT();
  const { locale } = useSession();
  const { firstDay, firstDelivery } = useDateLimits(props.arrival);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <DateField
        data-testid="trip-arrival"
        label={t('trips:form.arrival')}
        hint={props.withHints ? t('trips:form.arrival_hint') : undefined}
        placeholder={t('trips:form.choose_date')}
        value={props.arrival}
        min={firstDay}
        locale={locale}
        error={props.errors.arrival}
        onChange={(iso) => {
          props.setArrival(iso);
          // SPEC §4: a later arrival clears a delivery date that is now too early.
          props.setDelivery((d) => deliveryAfterArrivalChange(iso, d));
          props.clear('arrival');
        }}
      />
      <DateField
        data-testid="trip-delivery"
        label={t('trips:form.delivery')}
        hint={props.withHints ? t('trips:form.delivery_hint') : undefined}
        placeholder={t('trips:form.choose_date')}
        value={props.delivery}
        min={firstDelivery}
        locale={locale}
        error={props.errors.delivery}
        onChange={(iso) => {
          props.setDelivery(() => iso);
          props.clear('delivery');
        }}
      />
    </div>
  );
}

function CreateTrip({ close }: PopupProps) {
  const t = useT();
  const user = useStore($user);
  const [origin, setOrigin] = useState<CityWithCountry | null>(null);
  const [destination, setDestination] = useState<CityWithCountry | null>(null);
  const [arrival, setArrival] = useState<string | null>(null);
  const [delivery, setDelivery] = useState<string | null>(null);
  const [info, setInfo] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const infoId = useId();

  // SPEC §5: creating a trip when not logged in goes to /login (and back here after).
  useEffect(() => {
    if (!user) window.location.assign(loginPath());
  }, [user]);
  if (!user) return <Spinner label={t('trips:form.login_needed')} />;

  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const body = {
      origin_country_id: origin?.country_id,
      origin_city_id: origin?.id,
      destination_country_id: destination?.country_id,
      destination_city_id: destination?.id,
      arrival_date: arrival ?? '',
      delivery_date: delivery ?? '',
      additional_information: info.trim() || undefined,
    };
    const parsed = tripCreateSchema(todayIso()).safeParse(body);
    if (!parsed.success) {
      setErrors(collectErrors(parsed.error.issues, TRIP_FIELDS, t));
      return;
    }
    setSaving(true);
    try {
      const { message, data } = await api<TripItem>('POST', '/users/trips', { body: parsed.data });
      afterCreate(data, message);
    } catch (err) {
      setSaving(false);
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 401) return window.location.assign(loginPath());
      setErrors(serverErrors(err.errors, TRIP_FIELDS));
      toast.error(err.message);
    }
  }

  /**
   * SPEC §4: on the pre-order form the user goes on to choose the trip (select-trip); on a
   * request page select-trip is followed by take-request; anywhere else to the trips list.
   */
  function afterCreate(trip: TripItem, message?: string) {
    const path = window.location.pathname;
    const onPreOrder = path === '/post/pre-order' || path.startsWith('/post/pre-order/');
    const onRequest = path.startsWith('/products/request/');
    if (!onPreOrder && !onRequest) return flashAndGo(message, '/dashboard/trip');
    if (message) toast.success(message);
    setPopupState({ selectedTrip: trip });
    openPopup('select-trip'); // replaces this popup; anything already queued stays queued
    if (onRequest && hasTakeRequest && !$popup.get().queue.some((q) => q.name === 'take-request')) queuePopup('take-request');
  }

  return (
    <form noValidate onSubmit={submit} data-testid="trip-form">
      <PopupHeader title={t('trips:form.create_title')} description={t('trips:form.create_description')} />
      <PopupBody className="space-y-4">
        <SearchCombobox<CityWithCountry>
          data-testid="trip-origin"
          label={t('trips:form.origin')}
          value={origin}
          onChange={(city) => {
            setOrigin(city);
            clear('origin');
          }}
          search={searchCitiesWithCountry}
          optionLabel={(c) => placeLabel(c.name, c.country_name)}
          placeholder={t('trips:form.city_placeholder')}
          searchingText={t('trips:form.city_searching')}
          noneText={t('trips:form.city_none')}
          initialHeading={t('trips:form.city_popular')}
          error={errors.origin}
          icon="plane"
        />
        <SearchCombobox<CityWithCountry>
          data-testid="trip-destination"
          label={t('trips:form.destination')}
          value={destination}
          onChange={(city) => {
            setDestination(city);
            clear('destination');
          }}
          search={searchCitiesWithCountry}
          optionLabel={(c) => placeLabel(c.name, c.country_name)}
          placeholder={t('trips:form.city_placeholder')}
          searchingText={t('trips:form.city_searching')}
          noneText={t('trips:form.city_none')}
          initialHeading={t('trips:form.city_popular')}
          error={errors.destination}
          icon="mapPin"
        />
        <TripDateFields arrival={arrival} delivery={delivery} setArrival={setArrival} setDelivery={setDelivery} errors={errors} clear={clear} withHints />
        <div>
          <label htmlFor={infoId} className={labelClass}>
            {t('trips:form.additional_information')} <span className="font-normal text-slate-400">({t('trips:form.optional')})</span>
          </label>
          <textarea
            id={infoId}
            value={info}
            onChange={(e) => setInfo(e.target.value)}
            rows={2}
            maxLength={1000}
            placeholder={t('trips:form.additional_placeholder')}
            className={`${textareaClass} ${fieldState(Boolean(errors.info))}`}
          />
          <FieldError>{errors.info}</FieldError>
        </div>
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={secondaryButton}>
          {t('popup.cancel')}
        </button>
        <button type="submit" disabled={saving} className={primaryButton}>
          {saving ? t('trips:form.saving') : t('trips:form.save')}
        </button>
      </PopupActions>
    </form>
  );
}

/** Edit: new dates and a reason, then a confirmation step before PUT (SPEC §2, §4). */
function EditTrip({ trip, close }: { trip: PopupTrip; close: () => void }) {
  const t = useT();
  const { locale } = useSession();
  const current = tripDates(trip);
  const [arrival, setArrival] = useState<string | null>(current.arrival);
  const [delivery, setDelivery] = useState<string | null>(current.delivery);
  const [reason, setReason] = useState('');
  const [info, setInfo] = useState(trip.additional_information ?? '');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState<'form' | 'confirm'>('form');
  const [saving, setSaving] = useState(false);
  const reasonId = useId();
  const reasonHintId = useId();
  const reasonErrorId = useId();
  const infoId = useId();

  const clear = (field: string) => setErrors(({ [field]: _, ...rest }) => rest);
  // An emptied field is sent as '' so the server clears it (undefined keeps the old text).
  const body = () => ({ arrival_date: arrival ?? '', delivery_date: delivery ?? '', reason, additional_information: info.trim() });

  function review(e: FormEvent) {
    e.preventDefault();
    const parsed = tripUpdateSchema(todayIso()).safeParse(body());
    if (!parsed.success) {
      setErrors(collectErrors(parsed.error.issues, TRIP_FIELDS, t));
      return;
    }
    setStep('confirm');
  }

  async function save() {
    const parsed = tripUpdateSchema(todayIso()).safeParse(body());
    if (!parsed.success) return setStep('form');
    setSaving(true);
    try {
      const { message } = await api('PUT', `/users/trips/${trip.id}`, { body: parsed.data });
      flashAndGo(message);
    } catch (err) {
      setSaving(false);
      if (!(err instanceof ApiError)) throw err;
      if (err.status === 401) return window.location.assign(loginPath());
      setErrors(serverErrors(err.errors, TRIP_FIELDS));
      setStep('form');
      toast.error(err.message);
    }
  }

  if (step === 'confirm') {
    return (
      <div data-testid="trip-confirm">
        <PopupHeader title={t('trips:confirm.title')} />
        <PopupBody className="space-y-4">
          <p className="flex gap-3 rounded-lg bg-amber-50 p-3 text-sm leading-6 text-amber-900 ring-1 ring-amber-200">
            <Icon name="alertCircle" className="mt-0.5 size-5 shrink-0 text-amber-600" />
            <span>{t('trips:confirm.warning')}</span>
          </p>
          <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 p-3 text-sm">
            <div>
              <dt className="text-xs text-slate-500">{t('trips:card.arrival')}</dt>
              <dd className="font-semibold text-slate-900">{arrival && formatDate(arrival, locale)}</dd>
            </div>
            <div>
              <dt className="text-xs text-slate-500">{t('trips:card.delivery')}</dt>
              <dd className="font-semibold text-slate-900">{delivery && formatDate(delivery, locale)}</dd>
            </div>
            <div className="col-span-2">
              <dt className="text-xs text-slate-500">{t('trips:form.reason')}</dt>
              <dd className="break-words text-slate-800">{reason.trim()}</dd>
            </div>
          </dl>
        </PopupBody>
        <PopupActions>
          <button type="button" onClick={() => setStep('form')} disabled={saving} className={secondaryButton}>
            {t('trips:confirm.back')}
          </button>
          <button type="button" onClick={save} disabled={saving} data-autofocus className={primaryButton}>
            {saving ? t('trips:form.saving') : t('trips:confirm.yes')}
          </button>
        </PopupActions>
      </div>
    );
  }

  return (
    <form noValidate onSubmit={review} data-testid="trip-form">
      <PopupHeader title={t('trips:form.edit_title')} description={t('trips:form.edit_description')} />
      <PopupBody className="space-y-4">
        <div>
          <span className={labelClass}>{t('trips:form.route')}</span>
          <div className="rounded-lg border border-slate-200 bg-slate-50 px-3 py-2.5 text-sm text-slate-700" data-testid="trip-route">
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
        <TripDateFields arrival={arrival} delivery={delivery} setArrival={setArrival} setDelivery={setDelivery} errors={errors} clear={clear} />
        <div>
          <label htmlFor={reasonId} className={labelClass}>
            {t('trips:form.reason')}
          </label>
          <textarea
            id={reasonId}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              clear('reason');
            }}
            rows={2}
            maxLength={500}
            required
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={`${reasonHintId}${errors.reason ? ` ${reasonErrorId}` : ''}`}
            placeholder={t('trips:form.reason_placeholder')}
            className={`${textareaClass} ${fieldState(Boolean(errors.reason))}`}
          />
          <p id={reasonHintId} className="mt-1 text-xs text-slate-500">
            {t('trips:form.reason_hint')}
          </p>
          <FieldError id={reasonErrorId}>{errors.reason}</FieldError>
        </div>
        <div>
          <label htmlFor={infoId} className={labelClass}>
            {t('trips:form.additional_information')} <span className="font-normal text-slate-400">({t('trips:form.optional')})</span>
          </label>
          <textarea
            id={infoId}
            value={info}
            onChange={(e) => setInfo(e.target.value)}
            rows={2}
            maxLength={1000}
            placeholder={t('trips:form.additional_placeholder')}
            className={`${textareaClass} ${fieldState(Boolean(errors.info))}`}
          />
          <FieldError>{errors.info}</FieldError>
        </div>
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={secondaryButton}>
          {t('popup.cancel')}
        </button>
        <button type="submit" className={primaryButton}>
          {t('trips:form.continue')}
        </button>
      </PopupActions>
    </form>
  );
}
