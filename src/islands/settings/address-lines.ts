import { INDONESIA_ID } from '../../lib/schemas/places.ts';
import type { AddressView } from '../../lib/views/index.ts';

/**
 * How an address reads on a card: the street line as typed, then the area — for Indonesia
 * "sub-district, city, province postal-code", elsewhere the country.
 */
export function addressLines(a: AddressView): { street: string; area: string; country: string } {
  if (a.country_id === INDONESIA_ID) {
    const region = [a.sub_district?.name, a.city?.name, a.province?.name].filter(Boolean).join(', ');
    return { street: a.detail, area: [region, a.pos_code?.code].filter(Boolean).join(' '), country: a.country.name };
  }
  return { street: a.detail, area: '', country: a.country.name };
}
