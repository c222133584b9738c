import { FilterPlace } from '../trips/FilterPlace.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** Listings: where the goods go (destination_country_id + destination_city_id in the URL). */
export default function FilterDestinationPopup({ close }: PopupProps) {
  return <FilterPlace side="destination" close={close} />;
}
