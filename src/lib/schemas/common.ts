import { z } from 'zod';

// The site's Content-Security-Policy forbids eval; zod would otherwise probe for it with
// `new Function` (caught, but reported as a violation). The server keeps zod's faster JIT.
if (typeof document !== 'undefined') z.config({ jitless: true });

/**
 * Validation messages are i18n keys (namespace:key). The API translates them into the `Lang`
 * language; the forms translate them with the same dictionaries, so one schema serves both.
 */
export const msg = {
  required: 'errors:field.required',
  invalid: 'errors:field.invalid',
  email: 'errors:field.email',
} as const;

/**
 * PostgreSQL text cannot hold U+0000, and no person types it: a NUL byte is a probe, refused
 * like any other invalid value (the API edge also refuses it anywhere in a request).
 */
export const hasNul = (s: string) => s.includes('\u0000');

/** The base of every free-text field: a string without NUL bytes; `error` for a missing or non-string value. */
export const textField = (error: string = msg.required) =>
  z.string({ error }).refine((s) => !hasNul(s), { error: msg.invalid, abort: true });

/** A required, trimmed string; missing, non-string or blank all read "required". */
export const requiredText = (max = 255, tooLong: string = msg.invalid) =>
  textField()
    .trim()
    .min(1, { error: msg.required })
    .max(max, { error: tooLong });

export const emailField = textField()
  .trim()
  .toLowerCase()
  .min(1, { error: msg.required })
  .max(254, { error: msg.email })
  .pipe(z.email({ error: msg.email }));

/** Field errors keyed by the first path segment, first message wins (what a form shows). */
export function fieldErrors(error: z.ZodError, translate: (key: string) => string = (k) => k) {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_';
    out[key] ??= translate(issue.message);
  }
  return out;
}
