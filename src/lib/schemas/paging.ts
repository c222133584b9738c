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
