import type { TFunction } from 'i18next';

/**
 * The first message per form field, translated. `fieldOf` maps the API's field names to the
 * form's (origin_country_id and origin_city_id are both the 'origin' picker).
 */
export function collectErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  fieldOf: Record<string, string>,
  t: TFunction,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const field = fieldOf[String(issue.path[0])] ?? String(issue.path[0]);
    out[field] ??= t(issue.message);
  }
  return out;
}

/** The server's per-field messages (already translated) under the form's field names. */
export function serverErrors(errors: Record<string, string>, fieldOf: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(errors)) out[fieldOf[name] ?? name] ??= message;
  return out;
}

export const TRIP_FIELDS: Record<string, string> = {
  origin_country_id: 'origin',
  origin_city_id: 'origin',
  destination_country_id: 'destination',
  destination_city_id: 'destination',
  arrival_date: 'arrival',
  delivery_date: 'delivery',
  additional_information: 'info',
  reason: 'reason',
};
