/** One page of a paged list, as every paged GET of /v1 answers (`data`) and pages read it. */
export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  per_page: number;
  last_page: number;
  /** Set on searched listings whose total was counted only this far: "1,000+" (more pages follow). */
  total_capped?: boolean;
}

export function pageOf<T>(rows: T[], total: number, page: number, perPage: number, capped = false): Page<T> {
  if (capped) return { rows, total, page, per_page: perPage, last_page: Math.floor(total / perPage) + 1, total_capped: true };
  return { rows, total, page, per_page: perPage, last_page: Math.max(1, Math.ceil(total / perPage)) };
}
