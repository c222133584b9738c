import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent } from 'react';
import type { ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { $popupState, openPopup } from '../../lib/stores/popup.ts';
import { takeRequestSchema, travelerBidSchema } from '../../lib/schemas/orders.ts';
import type { TripView } from '../../lib/views/index.ts';
import { Loading as Spinner } from '../ui/Spinner.tsx';
import { DialogActions as PopupActions, DialogBody as PopupBody, DialogHeader as PopupHeader } from '../ui/Dialog.tsx';
import { buttonClass } from '../ui/Button.tsx';
const primaryButton = buttonClass({ variant: 'primary' });
const secondaryButton = buttonClass({ variant: 'secondary' });
import { activeTrips } from '../trips/lookups.ts';
import { digitsOnly, wholeNumber } from '../ui/whole-number.ts';
import { routeArrow } from '../trips/trip-display.ts';
import { checkWith, Field, FeePreview, inputClass, MoneyField, useOrderCall } from './DealParts.tsx';

/** The request a take-request / bid-request popup acts on (set by the request page's buttons). */
export interface DealRequest {
  id: number;
  price_eta: number;
  quantity: number;
  traveler_tip: number;
}

/**
 * take-request (the requester's price and tip, the traveller's shipping fee) and bid-request
 * (the traveller's own price, tip and shipping). Both go on to /dashboard/sell/{id}; a request
 * another traveller holds opens request-taken with the server's message.
 */
export function RequestDealPopup({ mode, close }: { mode: 'take' | 'bid'; close: () => void }) {
  const t = useT();
  const { product } = useStore($popupState);
  const [trips, setTrips] = useState<TripView[] | null>(null);
  const [tripId, setTripId] = useState<number | null>(null);
  const [price, setPrice] = useState<number | null>(product ? product.price_eta * product.quantity : null);
  const [tip, setTip] = useState<number | null>(product?.traveler_tip ?? null);
  const [shipping, setShipping] = useState<number | null>(null);
  const [notes, setNotes] = useState('');
  const [weight, setWeight] = useState('');
  const { busy, errors, setErrors, run, clearing } = useOrderCall();

  useEffect(() => {
    const controller = new AbortController();
    activeTrips(controller.signal)
      .then((list) => {
        setTrips(list);
        if (list.length === 1) setTripId(list[0].id);
      })
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setTrips([]);
      });
    return () => controller.abort();
  }, []);

  if (!product) return null;
  const request = product;
  const take = mode === 'take';

  function submit(e: FormEvent) {
    e.preventDefault();
    const common = { trip_id: tripId ?? undefined, shipping_fee: shipping, notes: notes.trim() || undefined, weight: wholeNumber(weight) };
    const onError = (err: ApiError) => {
      if (err.code !== 'REQUEST_UNAVAILABLE') return false;
      openPopup('request-taken', { id: request.id });
      return true;
    };
    const href = (data: { id: number }) => `/dashboard/sell/${data.id}`;
    if (take) {
      const { data, errors: found } = checkWith(takeRequestSchema, common, t);
      setErrors(found);
      if (data) void run('POST', `/transactions/take-request/${request.id}`, data, { href, onError });
    } else {
      const { data, errors: found } = checkWith(travelerBidSchema, { ...common, product_price: price, traveler_tip: tip }, t);
      setErrors(found);
      if (data) void run('POST', `/transactions/request-bid/traveler/${request.id}`, data, { href, onError });
    }
  }

  return (
    <form onSubmit={submit} noValidate data-testid={take ? 'take-request' : 'bid-request'}>
      <PopupHeader title={t(take ? 'orders-deal:popup.take_title' : 'orders-deal:popup.bid_title')} description={t(take ? 'orders-deal:popup.take_body' : 'orders-deal:popup.bid_body')} />
      <PopupBody className="space-y-3">
        {trips === null ? (
          <Spinner label={t('orders-deal:popup.loading_trips')} />
        ) : trips.length === 0 ? (
          <div className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-100">
            <p>{t('orders-deal:popup.no_trips')}</p>
            <button type="button" onClick={() => openPopup('trip', { mode: 'create', selectedTrip: null })} className={`${secondaryButton} mt-2`}>
              {t('orders-deal:popup.add_trip')}
            </button>
          </div>
        ) : (
          <Field id="trip_id" label={t('orders-deal:popup.trip')} error={errors.trip_id}>
            <select id="trip_id" value={tripId ?? ''} onChange={(e) => clearing('trip_id', setTripId)(e.target.value ? Number(e.target.value) : null)} aria-invalid={!!errors.trip_id} className={inputClass} data-autofocus>
              <option value="">{t('orders-deal:popup.choose_trip')}</option>
              {trips.map((trip) => (
                <option key={trip.id} value={trip.id}>
                  {routeArrow(trip)}
                </option>
              ))}
            </select>
          </Field>
        )}
        {!take && <MoneyField id="product_price" label={t('orders-deal:popup.product_price')} value={price} onValue={clearing('product_price', setPrice)} error={errors.product_price} />}
        {!take && <MoneyField id="traveler_tip" label={t('orders-deal:popup.traveler_tip')} value={tip} onValue={clearing('traveler_tip', setTip)} error={errors.traveler_tip} />}
        <MoneyField id="shipping_fee" label={t('orders-deal:popup.shipping_fee')} value={shipping} onValue={clearing('shipping_fee', setShipping)} error={errors.shipping_fee} />
        <Field id="weight" label={t('orders-deal:popup.weight')} error={errors.weight}>
          <input
            id="weight"
            inputMode="numeric"
            value={weight}
            onChange={(e) => clearing('weight', setWeight)(digitsOnly(e.target.value))}
            placeholder="1000"
            aria-invalid={!!errors.weight}
            aria-describedby="weight-hint"
            className={inputClass}
          />
          <p id="weight-hint" className="mt-1 text-xs text-slate-500">
            {t('orders-deal:popup.weight_hint')}
          </p>
        </Field>
        <Field id="notes" label={t('orders-deal:popup.notes')} error={errors.notes}>
          <textarea id="notes" rows={2} maxLength={500} value={notes} onChange={(e) => setNotes(e.target.value)} className={inputClass} />
        </Field>
        <FeePreview productPrice={take ? request.price_eta * request.quantity : price} tip={take ? request.traveler_tip : tip} shipping={shipping ?? 0} />
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={secondaryButton}>
          {t('orders-deal:popup.keep')}
        </button>
        <button type="submit" disabled={busy || !trips?.length} className={primaryButton}>
          {busy ? t('orders-deal:action.working') : t(take ? 'orders-deal:popup.take_confirm' : 'orders-deal:popup.send')}
        </button>
      </PopupActions>
    </form>
  );
}
