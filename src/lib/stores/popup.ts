import { atom, map } from 'nanostores';

/** Every overlay of SPEC §2 "Popups", by name. A popup's component is `src/islands/popups/{name}.tsx`. */
export const popupNames = [
  'trip', 'account-name', 'account-email', 'account-phone', 'account-password', 'account-country',
  'account-delete', 'form-address', 'form-account-bank', 'location', 'verification', 'select-trip',
  'select-address', 'select-courier', 'select-payment-method', 'filter-trip', 'filter-origin',
  'filter-country', 'filter-destination', 'trip-cancel-confirmation', 'trip-cancel-failed',
  'bid-requester', 'bid-traveler', 'take-request', 'bid-request', 'request-taken',
  'reject-bid-confirmation', 'cancel-order-confirmation', 'cancel-order-with-reason',
  'help-transaction', 'help-submited', 'accept-bid-confirmation', 'shipping-confirmation',
  'ready-pickup-confirmation', 'accept-product-confirmation', 'review-traveller', 'review-buyer',
  'share-product', 'discussion-marketplace', 'discussion-request', 'delete-product-confirmation',
  'report-product', 'withdraw', 'follower', 'pickup-confirmation', 'bid-update', 'appeal-submission',
  'refund-shipping-confirmation', 'accept-refund', 'reject-refund', 'finish-refund', 'credit-card',
  'banding-shipping-confirmation', 'retur-problem', 'disable-edit-product', 'buy-now',
  'cancel-refund-confirmation', 'confirm-refund-rejection', 'finish-order',
] as const;
export type PopupName = (typeof popupNames)[number];

export const isPopupName = (value: string): value is PopupName => (popupNames as readonly string[]).includes(value);

/** A place as popups pass it around: an id and its (already translated) name. */
export interface NamedRef {
  id: number;
  name: string;
}

export interface PopupProduct {
  id: number;
  name: string;
  description?: string;
  price_eta: number;
  quantity: number;
  traveler_tip: number;
}

export interface PopupTrip {
  id: number;
  origin_country: NamedRef;
  origin_city: NamedRef;
  destination_country: NamedRef;
  destination_city: NamedRef;
  arrival_date: string;
  delivery_date: string;
  updated_arrival_date?: string | null;
  updated_delivery_date?: string | null;
  reason?: string | null;
  additional_information?: string | null;
  status?: string;
}

export interface PopupAddress {
  id: number;
  name: string;
  phone_number: string;
  label: string;
  detail: string;
  country_id: number;
  province_id?: number | null;
  city_id?: number | null;
  sub_district_id?: number | null;
  pos_code_id?: { id: number; code: string } | number | null;
  country?: NamedRef | null;
  province?: NamedRef | null;
  city?: NamedRef | null;
}

export interface ExpeditionOption {
  shipping_id: string | number;
  courier_name: string;
  total_price: number;
}

export interface PopupCartEntry {
  id?: number;
  product: { id?: number; slug: string; name: string; price: number; images?: string[] };
  quantity?: number;
}

export interface FollowEntry {
  id: number;
  username: string;
  photo_profile: string | null;
}

/** Origin/destination filter: a country and a city, both required by the filter popups. */
export interface PlaceFilter {
  country: NamedRef | null;
  city: NamedRef | null;
}

/**
 * The state popups share (SPEC §3): one popup fills a field, the next one reads it (select-trip
 * chooses `selectedTrip`, take-request uses it). It outlives a single popup; `openPopup` merges.
 */
export interface PopupState {
  id?: number | string | null;
  product?: PopupProduct | null;
  mode?: 'create' | 'edit' | null;
  selectedTrip?: PopupTrip | null;
  address?: PopupAddress | null;
  /** Courier options keyed by trip_id. */
  couriers?: Record<number, ExpeditionOption[]>;
  filter?: { trip?: PopupTrip | null; origin?: PlaceFilter | null; destination?: PlaceFilter | null; country?: NamedRef | null };
  cart?: PopupCartEntry[];
  shippingCost?: { destination_sub_district_id?: number; trip_id?: number; weight?: number; total?: number } | null;
  takeRequest?: { request_id: number; trip_id?: number; shipping_fee?: number; notes?: string } | null;
  bidRequest?: { request_id: number; product_price?: number; traveler_tip?: number; shipping_fee?: number; trip_id?: number; notes?: string } | null;
  followers?: FollowEntry[];
  following?: FollowEntry[];
  payment?: { token?: string | null; clientSecret?: string | null } | null;
}

interface Queued {
  name: PopupName;
  state?: PopupState;
}

/** Which popup is open (null: none) and which wait their turn. */
export const $popup = atom<{ name: PopupName | null; queue: Queued[] }>({ name: null, queue: [] });
export const $popupState = map<PopupState>({});

/** Opens `name` now (replacing any open popup), merging `state` into the shared popup state. */
export function openPopup(name: PopupName, state?: PopupState) {
  if (state) setPopupState(state);
  $popup.set({ name, queue: $popup.get().queue });
}

/** Closes the open popup; the first queued popup, if any, opens in its place. */
export function closePopup() {
  const [next, ...rest] = $popup.get().queue;
  if (next?.state) setPopupState(next.state);
  $popup.set({ name: next?.name ?? null, queue: rest });
}

/** Opens `name` when the current popup closes (or now, if none is open). */
export function queuePopup(name: PopupName, state?: PopupState) {
  const current = $popup.get();
  if (!current.name) return openPopup(name, state);
  $popup.set({ name: current.name, queue: [...current.queue, { name, state }] });
}

export function setPopupState(patch: PopupState) {
  for (const [key, value] of Object.entries(patch)) $popupState.setKey(key as keyof PopupState, value as never);
}

/** Closes everything and forgets the shared state (e.g. after an order is placed). */
export function resetPopups() {
  $popup.set({ name: null, queue: [] });
  $popupState.set({});
}
