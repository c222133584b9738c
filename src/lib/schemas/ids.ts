import { z } from 'zod';
import { msg } from './common.ts';

/** Every id column is PostgreSQL `integer` (int4): a larger number can name nothing. */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a real integer from 1 to MAX_ID (no strings, booleans or nulls). */
export const idField = (error: string = msg.invalid) => z.int({ error }).min(1, { error }).max(MAX_ID, { error });

/**
 * An id from text (a query string, form data, a path): decimal digits only, then the same
 * bounds. '0x10', '1e3', ' 12' and '' are refused rather than read as some other id.
 */
export const idText = (error: string = msg.invalid, required: string = error) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? required : error) })
    .regex(/^\d{1,10}$/, { error })
    .transform(Number)
    .pipe(idField(error));

/** An optional id in a query string: an empty value (`?trip_id=`) is the same as none. */
export const optionalIdText = (error: string = msg.invalid) =>
  z.union([z.literal('').transform(() => undefined), idText(error)], { error }).optional();

/** A route id (`/products/user/marketplace/12`) or undefined: pages answer 404 for anything else. */
export function parseId(raw: string | null | undefined): number | undefined {
  const parsed = idText().safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}
