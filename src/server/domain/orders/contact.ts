import type { PartyRole } from '../../../lib/orders/vocabulary.ts';
import type { OrderAddressView } from '../../../lib/views/index.ts';
import type { OrderRow } from './types.ts';

/**
 * Contact details on an order, one rule for every view of it (the API, the pages, the chat, the
 * e-mails): until the order is paid, the traveller knows where the parcel goes only as far as
 * pricing needs it — the buyer's sub-district, city, province and postal code — and not the
 * buyer's name, street or phone, nor anything typed in the chat that looks like them. An offer or
 * a take that is withdrawn at once so harvests nothing. The buyer always sees their own address.
 */
export const contactsHidden = (order: Pick<OrderRow, 'paidAt'>) => order.paidAt === null;

/** The order's delivery address as `role` may see it now. */
export function addressFor(order: Pick<OrderRow, 'paidAt' | 'address'>, role: PartyRole): OrderAddressView | null {
  const a = order.address;
  if (!a) return null;
  if (role === 'requester' || !contactsHidden(order)) return { ...a, restricted: false };
  // The snapshot's text is "street, sub-district, city, province, postal code": the area is what follows the street.
  const area = a.detail && a.text.startsWith(`${a.detail}, `) ? a.text.slice(a.detail.length + 2) : a.detail ? (a.pos_code ?? '') : a.text;
  return {
    restricted: true,
    country_id: a.country_id,
    province_id: a.province_id,
    city_id: a.city_id,
    sub_district_id: a.sub_district_id,
    pos_code: a.pos_code,
    text: area,
  };
}
