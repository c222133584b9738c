import { atom } from 'nanostores';
import type { PartyRole } from '../../lib/orders/vocabulary.ts';

/** The order the fulfilment and review popups act on (set by the detail page's action buttons). */
export interface FulfilTarget {
  id: number;
  role: PartyRole;
  /** The other party's name (the review popups and finish-order address them). */
  other_name: string;
  /** The traveller's earning (sale side only). */
  traveler_total?: number;
  /** The side the viewer may still rate, or null. */
  can_rate: PartyRole | null;
}

export const $fulfilTarget = atom<FulfilTarget | null>(null);

/** The detail page's own address: where a fulfilment popup returns after its step. */
export const orderPath = (target: Pick<FulfilTarget, 'id' | 'role'>) => `/dashboard/${target.role === 'traveler' ? 'sell' : 'purchase'}/${target.id}`;
