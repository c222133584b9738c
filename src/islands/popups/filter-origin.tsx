import { FilterPlace } from '../trips/FilterPlace.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';

/** Listings: where the goods come from (origin_country_id + origin_city_id in the URL). */
export default function FilterOriginPopup({ close }: PopupProps) {
  return <FilterPlace side="origin" close={close} />;
}
