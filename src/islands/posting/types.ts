import type { ImageRef } from '../../lib/images.ts';
import type { PopupAddress, PopupTrip } from '../../lib/stores/popup.ts';
import type { ProductView, RequestView } from '../../lib/views/index.ts';

/** What the posting pages hand their form islands (plain, serialisable data). */

export interface ProductDraft extends Pick<ProductView, 'id' | 'slug' | 'name' | 'description' | 'price' | 'weight' | 'stock' | 'max_per_order'> {
  trip: PopupTrip | null;
  images: ImageRef[];
}

/** A request a traveller took and now posts to the marketplace (`/post/pre-order?request=`). */
export interface RequestSource {
  id: number;
  slug: string;
  name: string;
  description: string;
  price_eta: number;
  photos: ImageRef[];
  /** False when the photos are someone else's uploads and must be copied first. */
  ownPhotos: boolean;
}

export interface CountryChoice {
  id: number;
  name: string;
  flag_image?: string;
}

export interface RequestDraft extends Pick<RequestView, 'id' | 'slug' | 'name' | 'description' | 'price_eta' | 'quantity' | 'traveler_tip'> {
  country: CountryChoice | null;
  address: PopupAddress | null;
  images: ImageRef[];
}
