import type { ImageRef } from '../images.ts';

/** What anyone may see of the person behind an item. */
export interface PublicUser {
  id: number;
  name: string;
  username: string;
  photo_profile: string | null;
}

/** A country as items name it. */
export interface CountryRef {
  id: number;
  name: string;
  iso2: string;
}

/** The trip a pre-order travels on, as its card and page show it. */
export interface ProductTrip {
  id: number;
  origin_city: { id: number; name: string };
  origin_country: CountryRef;
  destination_city: { id: number; name: string };
  destination_country: CountryRef;
  arrival_date: string;
  delivery_date: string;
  /** True when the traveller moved the dates since posting; the dates above are the current ones. */
  dates_changed: boolean;
  status: string;
  /** An operator checked the traveller's proof of travel for this trip ("confirmed trip" badge). */
  confirmed_trip: boolean;
}

/** A pre-order product (GET /v1/products rows, /v1/products/{slug}, the traveller's own). */
export interface ProductView {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  weight: number;
  stock: number;
  /** The most units one order may take. */
  max_per_order: number;
  active: boolean;
  trip_id: number;
  request_id: number | null;
  created_at: string;
  product_images: ImageRef[];
  user: PublicUser;
  trip: ProductTrip;
}

/** A row of the traveller's own products (GET /v1/users/products): with how many orders it has. */
export interface OwnProductView extends ProductView {
  orders_count: number;
}

/** A buyer request (GET /v1/requests rows, /v1/requests/{slug}, the requester's own). */
export interface RequestView {
  id: number;
  slug: string;
  name: string;
  description: string;
  price_eta: number;
  quantity: number;
  traveler_tip: number;
  active: boolean;
  /** When the requester closed it (null: open); closed requests cannot be taken, offered on or bought. */
  closed_at: string | null;
  created_at: string;
  buy_from_country: CountryRef | null;
  deliver_to_country: CountryRef | null;
  photos: Array<ImageRef & { path: string }>;
  user: PublicUser;
  /** Only for the requester: which of their addresses it ships to. */
  address_id?: number | null;
}

/** A question (or the owner's answer) in a product's or request's discussion. */
export interface DiscussionMessage {
  id: number;
  message: string;
  created_at: string;
  user: PublicUser;
}

/** GET /v1/misc/suggestions: the header search's few matches per group. */
export interface Suggestions {
  marketplaces: { id: number; slug: string; name: string; price: number }[];
  requests: { id: number; slug: string; name: string; price_eta: number }[];
  users: PublicUser[];
}

export type FavoriteType = 'Product' | 'Request';

/** A row of GET /v1/users/favorites: the favourited product or request (SPEC §3). */
export interface FavoriteView {
  id: number;
  type: FavoriteType;
  created_at: string;
  product?: ProductView;
  request?: RequestView;
}
