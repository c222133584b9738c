import { z } from 'zod';
import { isIsoDate } from '../dates.ts';
import { msg, textField } from './common.ts';
import { idField } from './ids.ts';

const isoDate = (required: string) =>
  textField(required)
    .trim()
    .min(1, { error: required })
    .refine(isIsoDate, { error: 'places:trip.date_invalid' });

/**
 * Trip dates (SPEC §5): arrival after today; delivery on or after arrival (and after today).
 * `today` is passed in so the browser and the server each use their own clock.
 */
function checkDates(
  v: { arrival_date: string; delivery_date: string },
  ctx: z.RefinementCtx,
  today: string,
) {
  if (v.arrival_date <= today) ctx.addIssue({ code: 'custom', path: ['arrival_date'], message: 'places:trip.arrival_after_today' });
  if (v.delivery_date <= today) ctx.addIssue({ code: 'custom', path: ['delivery_date'], message: 'places:trip.delivery_after_today' });
  else if (v.delivery_date < v.arrival_date)
    ctx.addIssue({ code: 'custom', path: ['delivery_date'], message: 'places:trip.delivery_after_arrival' });
}

export const tripCreateSchema = (today: string) =>
  z
    .object({
      origin_country_id: idField('places:trip.origin_required'),
      origin_city_id: idField('places:trip.origin_required'),
      destination_country_id: idField('places:trip.destination_required'),
      destination_city_id: idField('places:trip.destination_required'),
      arrival_date: isoDate('places:trip.arrival_required'),
      delivery_date: isoDate('places:trip.delivery_required'),
      additional_information: textField(msg.invalid).trim().max(1000, { error: msg.invalid }).optional(),
    })
    .superRefine((v, ctx) => {
      checkDates(v, ctx, today);
      if (v.origin_city_id === v.destination_city_id)
        ctx.addIssue({ code: 'custom', path: ['destination_city_id'], message: 'places:trip.same_city' });
    });
export type TripCreateInput = z.infer<ReturnType<typeof tripCreateSchema>>;

export const tripUpdateSchema = (today: string) =>
  z
    .object({
      arrival_date: isoDate('places:trip.arrival_required'),
      delivery_date: isoDate('places:trip.delivery_required'),
      reason: textField('places:trip.reason_required')
        .trim()
        .min(1, { error: 'places:trip.reason_required' })
        .max(500, { error: msg.invalid }),
      additional_information: textField(msg.invalid).trim().max(1000, { error: msg.invalid }).optional(),
    })
    .superRefine((v, ctx) => checkDates(v, ctx, today));
export type TripUpdateInput = z.infer<ReturnType<typeof tripUpdateSchema>>;

export const TRIP_STATUSES = ['ACTIVE', 'FINISHED', 'CANCELLED'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

/** A delivery date is cleared when a new arrival makes it too early (SPEC §4). */
export function deliveryAfterArrivalChange(arrival: string, delivery: string | null): string | null {
  return delivery && delivery < arrival ? null : delivery;
}
