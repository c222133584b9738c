import { atom, map } from 'nanostores';
import type { FollowEntry } from '../views/index.ts';

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
  'cancel-refund-confirmation', 'confirm-refund-rejection', 'finish-order', 'close-request-confirmation',
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

/**
 * Where a popup leads once its work is done, decided by whoever opened it (a popup never guesses
 * from the page it is on): open another popup, open a page, or reload this one. A success
 * message goes along (a toast now, or on the next page).
 */
export type PopupNext = { popup: PopupName } | { href: string } | { reload: true };

/** What opening a popup may carry: shared state, and this opening's own `next`. */
export type PopupOpening = PopupState & { next?: PopupNext };

/** A popup component's props. */
export interface PopupProps {
  /** Closes this popup (the next queued popup, if any, opens). */
  close: () => void;
}

interface Queued {
  name: PopupName;
  state?: PopupState;
  next: PopupNext | null;
}

/** Which popup is open (null: none), where it leads (`next`), and which wait their turn. */
export const $popup = atom<{ name: PopupName | null; next: PopupNext | null; queue: Queued[] }>({ name: null, next: null, queue: [] });
export const $popupState = map<PopupState>({});

function split(opening?: PopupOpening): { state?: PopupState; next: PopupNext | null } {
  if (!opening) return { next: null };
  const { next = null, ...state } = opening;
  return { state, next };
}

/**
 * Opens `name` now (replacing any open popup), merging the state into the shared popup state.
 * `next` belongs to this opening only: a popup opened without one has none.
 */
export function openPopup(name: PopupName, opening?: PopupOpening) {
  const { state, next } = split(opening);
  if (state) setPopupState(state);
  $popup.set({ name, next, queue: $popup.get().queue });
}

/** Closes the open popup; the first queued popup, if any, opens in its place. */
export function closePopup() {
  const [queued, ...rest] = $popup.get().queue;
  if (queued?.state) setPopupState(queued.state);
  $popup.set({ name: queued?.name ?? null, next: queued?.next ?? null, queue: rest });
}

/** Opens `name` when the current popup closes (or now, if none is open). */
export function queuePopup(name: PopupName, opening?: PopupOpening) {
  const current = $popup.get();
  if (!current.name) return openPopup(name, opening);
  $popup.set({ ...current, queue: [...current.queue, { name, ...split(opening) }] });
}

/** Where the open popup leads (read it once, when the popup mounts). */
export const popupNext = () => $popup.get().next;

export function setPopupState(patch: PopupState) {
  for (const [key, value] of Object.entries(patch)) $popupState.setKey(key as keyof PopupState, value as never);
}

/** Closes everything and forgets the shared state (e.g. after an order is placed). */
export function resetPopups() {
  $popup.set({ name: null, next: null, queue: [] });
  $popupState.set({});
}
