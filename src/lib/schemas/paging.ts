import { z } from 'zod';

/** page/per_page query parameters, clamped to a list's own maximum. */
export const pagingQuery = (defaultPerPage: number, maxPerPage: number) =>
  z.object({
    page: z.coerce.number({ error: 'errors:field.invalid' }).int().min(1, { error: 'errors:field.invalid' }).max(100000).default(1),
    per_page: z.coerce
      .number({ error: 'errors:field.invalid' })
      .int()
      .min(1, { error: 'errors:field.invalid' })
      .default(defaultPerPage)
      .transform((n) => Math.min(n, maxPerPage)),
  });

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  per_page: number;
  last_page: number;
}

export function pageOf<T>(rows: T[], total: number, page: number, perPage: number): Page<T> {
  return { rows, total, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
