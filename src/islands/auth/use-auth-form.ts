import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import { ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { fieldErrors } from '../../lib/schemas/common.ts';

export type Notice = { kind: 'error' | 'success'; text: string } | null;

interface Options<F extends string, S extends z.ZodType> {
  /** The fields in screen order: the first invalid one gets the focus. */
  fields: readonly F[];
  /** The same zod schema the API validates with; its messages are i18n keys. */
  schema: S;
  /** Client-only checks (e.g. 'repeat password'): field → i18n key. */
  check?: (values: Record<F, string>) => Partial<Record<F, string>>;
  initial?: Partial<Record<F, string>>;
  /** Builds the schema input from the form values (defaults to the values themselves). */
  toInput?: (values: Record<F, string>) => unknown;
}

/**
 * State for an account form: values, per-field errors (client zod + server `errors`), the
 * form-level notice, a busy flag, focus on the first invalid field.
 */
export function useAuthForm<F extends string, S extends z.ZodType>(opts: Options<F, S>) {
  const t = useT();
  const [values, setValues] = useState(() => {
    const v = {} as Record<F, string>;
    for (const f of opts.fields) v[f] = opts.initial?.[f] ?? '';
    return v;
  });
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [notice, setNotice] = useState<Notice>(null);
  const [busy, setBusy] = useState(false);
  const refs = useRef(new Map<F, HTMLInputElement | null>());
  const optsRef = useRef(opts);
  optsRef.current = opts;
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    // Whatever was typed into the server-rendered inputs before this script ran is kept.
    const typed: Partial<Record<F, string>> = {};
    for (const [name, el] of refs.current) if (el && el.value) typed[name] = el.value;
    if (Object.keys(typed).length) setValues((prev) => ({ ...prev, ...typed }));
    setHydrated(true);
  }, []);

  const validate = useCallback(
    (vals: Record<F, string>): { data?: z.infer<S>; errors: Partial<Record<F, string>> } => {
      const o = optsRef.current;
      const parsed = o.schema.safeParse(o.toInput ? o.toInput(vals) : vals);
      const found: Partial<Record<F, string>> = parsed.success ? {} : (fieldErrors(parsed.error, (k) => t(k)) as Partial<Record<F, string>>);
      for (const [field, key] of Object.entries(o.check?.(vals) ?? {}) as [F, string | undefined][]) {
        if (key && !found[field]) found[field] = t(key);
      }
      return { data: parsed.success && Object.keys(found).length === 0 ? (parsed.data as z.infer<S>) : undefined, errors: found };
    },
    [t],
  );

  const focusFirst = useCallback((errs: Partial<Record<string, string>>) => {
    const first = optsRef.current.fields.find((f) => errs[f]);
    if (first) refs.current.get(first)?.focus();
  }, []);

  /** Props for a field: value, change handler, error and the ref used for focusing. */
  const field = (name: F) => ({
    name,
    value: values[name],
    error: errors[name],
    inputRef: (el: HTMLInputElement | null) => {
      refs.current.set(name, el);
    },
    onValue: (value: string) => {
      const next = { ...values, [name]: value };
      setValues(next);
      // A shown error follows the typing, so the user sees it go away once the value is right.
      if (errors[name]) setErrors((prev) => ({ ...prev, [name]: validate(next).errors[name] }));
    },
  });

  /**
   * Validates, then runs `send` with the parsed data; API failures land on fields and the notice.
   * `send` answers 'navigating' when the page is about to change, so the button stays busy.
   */
  const submit = (send: (data: z.infer<S>) => Promise<'navigating' | void>) => async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const result = validate(values);
    setErrors(result.errors);
    if (!result.data) {
      setNotice(null);
      focusFirst(result.errors);
      return;
    }
    setNotice(null);
    setBusy(true);
    let keepBusy = false;
    try {
      keepBusy = (await send(result.data)) === 'navigating';
    } catch (err) {
      if (err instanceof ApiError) {
        const serverErrors = Object.fromEntries(
          Object.entries(err.errors).filter(([k]) => (optsRef.current.fields as readonly string[]).includes(k)),
        ) as Partial<Record<F, string>>;
        setErrors(serverErrors);
        setNotice({ kind: 'error', text: err.message });
        focusFirst(serverErrors);
      } else if ((err as Error)?.name !== 'AbortError') {
        setNotice({ kind: 'error', text: t('errors:server') });
      }
    } finally {
      if (!keepBusy) setBusy(false);
    }
  };

  return { values, setValues, errors, field, submit, busy, hydrated, notice, setNotice };
}
