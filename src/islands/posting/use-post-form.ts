import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { fieldErrors } from '../../lib/schemas/common.ts';

/**
 * Errors, notice and busy state of a posting form. Fields are validated with the same zod schema
 * the API uses (messages are i18n keys); the server's field errors land under the same fields.
 * `idPrefix`-`field` is each control's id, so the first invalid one can take the focus.
 */
export function usePostForm<F extends string>(fields: readonly F[], idPrefix: string) {
  const t = useT();
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  // `aboutFields`: the notice only summarises field errors, so it goes once they are all fixed.
  const [rawNotice, setRawNotice] = useState<{ text: string; aboutFields: boolean } | null>(null);
  const setNotice = useCallback((text: string | null, aboutFields = false) => setRawNotice(text ? { text, aboutFields } : null), []);
  const [busy, setBusy] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const idOf = useCallback((field: F) => `${idPrefix}-${field}`, [idPrefix]);

  const focusFirst = useCallback(
    (errs: Partial<Record<F, string>>) => {
      const first = fields.find((f) => errs[f]);
      if (!first) return;
      const el = document.getElementById(idOf(first));
      el?.focus({ preventScroll: true });
      el?.scrollIntoView({ block: 'center', behavior: 'smooth' });
    },
    [fields, idOf],
  );

  /** Parses `input`; on failure shows every field's first message and focuses the first. */
  function validate<S extends z.ZodType>(schema: S, input: unknown): z.infer<S> | undefined {
    const parsed = schema.safeParse(input);
    if (parsed.success) {
      setErrors({});
      return parsed.data;
    }
    const found = fieldErrors(parsed.error, (k) => t(k)) as Partial<Record<F, string>>;
    setErrors(found);
    setNotice(t('posting:form.check_fields'), true);
    focusFirst(found);
    return undefined;
  }

  /**
   * Runs `send`; `send` answers 'navigating' when the page is about to change (the button stays
   * busy). `onError` may handle an API error itself (answer true), e.g. 409 opening a popup.
   */
  async function run(send: () => Promise<'navigating' | void>, onError?: (err: ApiError) => boolean) {
    if (busy) return;
    setBusy(true);
    setNotice(null);
    let keepBusy = false;
    try {
      keepBusy = (await send()) === 'navigating';
    } catch (err) {
      if (err instanceof ApiError) {
        if (!onError?.(err)) {
          const known = Object.fromEntries(Object.entries(err.errors).filter(([k]) => (fields as readonly string[]).includes(k))) as Partial<Record<F, string>>;
          setErrors(known);
          setNotice(err.message, Object.keys(known).length > 0);
          focusFirst(known);
        }
      } else if ((err as Error)?.name !== 'AbortError') {
        console.error('posting failed', err);
        setNotice(t('posting:error.generic'));
      }
    } finally {
      if (!keepBusy) setBusy(false);
    }
  }

  /** Focuses one field's control (e.g. the photos while they are still uploading). */
  const focusField = useCallback((field: F) => focusFirst({ [field]: 'focus' } as Partial<Record<F, string>>), [focusFirst]);

  /** Clears one field's error as the user fixes it. */
  const clear = useCallback((field: F) => setErrors((prev) => (prev[field] ? { ...prev, [field]: undefined } : prev)), []);

  const notice = rawNotice && !(rawNotice.aboutFields && !Object.values(errors).some(Boolean)) ? rawNotice.text : null;

  /** A field's id, name, error and change handler (the change clears the field's error). */
  function bind<V>(field: F, set: (value: V) => void) {
    return {
      id: idOf(field),
      name: field,
      error: errors[field],
      onValue: (value: V) => {
        set(value);
        clear(field);
      },
    };
  }

  return { errors, setErrors, notice, setNotice, busy, hydrated, idOf, bind, validate, run, clear, focusField };
}
