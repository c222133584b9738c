import type { ImageRef } from '../../lib/images.ts';
import type { PopupAddress, PopupTrip } from '../../lib/stores/popup.ts';

/** What the posting pages hand their form islands (plain, serialisable data). */

export interface ProductDraft {
  id: number;
  slug: string;
  name: string;
  description: string;
  price: number;
  weight: number;
  stock: number;
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

export interface RequestDraft {
  id: number;
  slug: string;
  name: string;
  description: string;
  price_eta: number;
  quantity: number;
  traveler_tip: number;
  country: CountryChoice | null;
  address: PopupAddress | null;
  images: ImageRef[];
}
