/** One page of a paged list, as every paged GET of /v1 answers (`data`) and pages read it. */
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
