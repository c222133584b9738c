import type { PublicUser } from './catalogue.ts';

/** One rating as the review pages and the order page show it. */
export interface RatingView {
  id: number;
  transaction_id: number;
  for: 'traveler' | 'requester';
  rate: number;
  comment: string | null;
  rater: PublicUser;
  created_at: string;
}

/** How many ratings a user received in one role, and their average (null with none). */
export interface RatingSummary {
  average: number | null;
  count: number;
}

/**
 * What the user cards and profile show: ratings both ways and, as a traveller, the delivery
 * rate — completed ÷ (completed + paid orders the traveller cancelled or that were refunded),
 * `rate` null until there are `DELIVERY_RATE_MIN_ORDERS` finished orders.
 */
export interface Reputation {
  traveler: RatingSummary;
  requester: RatingSummary;
  delivery: { completed: number; failed: number; rate: number | null };
}

export type RatingsPage = { rows: RatingView[]; total: number; page: number; per_page: number; last_page: number } & RatingSummary;
