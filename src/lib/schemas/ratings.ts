import { z } from 'zod';
import { msg, textField } from './common.ts';
import { idField } from './ids.ts';
import { pagingQuery } from './paging.ts';

/** Who a rating is for: the traveller (rated by the requester) or the requester (rated by the traveller). */
export const RATING_FOR = ['traveler', 'requester'] as const;
export type RatingFor = (typeof RATING_FOR)[number];

const MIN_ONE = 'orders-fulfil:rating.star_required';

/** POST /v1/ratings (SPEC §7); at least one star (SPEC §5, 'rating minimal 1 bintang'). */
export const ratingSchema = z.object({
  transaction_id: idField('orders:error.not_found'),
  rate: z.int({ error: MIN_ONE }).min(1, { error: MIN_ONE }).max(5, { error: 'orders-fulfil:rating.max_five' }),
  comment: textField(msg.invalid).trim().max(1000, { error: 'orders-fulfil:rating.comment_too_long' }).optional(),
  for: z.enum(RATING_FOR, { error: msg.invalid }),
});
export type RatingInput = z.input<typeof ratingSchema>;

export const ratingsQuery = pagingQuery(10, 50).extend({
  for: z.enum(RATING_FOR, { error: msg.invalid }).default('traveler'),
});
