import { useRef, useState } from 'react';
import type { z } from 'zod';
import { useT } from '../../lib/i18n/react.tsx';
import { fieldErrors } from '../../lib/schemas/common.ts';
import { formErrorOf, isUnauthenticated, redirectToLogin } from './controls.tsx';

/**
 * The state of a settings popup form checked with the API's own zod schema: per-field errors
 * (client and server), the form-level notice, a busy flag, focus on the first wrong field.
 * `fields` lists the fields in screen order.
 */
export function useSchemaForm<F extends string, S extends z.ZodType>(fields: readonly F[], schema: S) {
  const t = useT();
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const refs = useRef(new Map<F, HTMLElement | null>());

  /** A ref callback that lets the form focus `field` when it is the first one wrong. */
  const bind = (field: F) => (el: HTMLElement | null) => {
    refs.current.set(field, el);
  };
  const focusFirst = (found: Partial<Record<F, string>>) => {
    const first = fields.find((f) => found[f]);
    if (first) refs.current.get(first)?.focus();
  };
  /** Forgets the errors of fields the user just changed. */
  const clear = (...names: F[]) => {
    if (names.some((n) => errors[n])) setErrors((prev) => Object.fromEntries(Object.entries(prev).filter(([k]) => !names.includes(k as F))) as Partial<Record<F, string>>);
  };

  /**
   * Checks `input`; when valid, runs `send` with the parsed data while `busy`. API messages of
   * the form's fields go under them, any other message becomes the notice; a lost session goes
   * to the login page and back.
   */
  async function submit(input: unknown, send: (data: z.output<S>) => Promise<void>) {
    if (busy) return;
    setNotice(null);
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const found = fieldErrors(parsed.error, (k) => t(k)) as Partial<Record<F, string>>;
      setErrors(found);
      focusFirst(found);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await send(parsed.data);
    } catch (err) {
      if (isUnauthenticated(err)) return redirectToLogin();
      const found = formErrorOf(err, fields, t('errors:server'));
      setErrors(found.fields);
      setNotice(found.message);
      focusFirst(found.fields);
    } finally {
      setBusy(false);
    }
  }

  return { errors, notice, busy, bind, clear, submit };
}

/**
 * The values of a form's text inputs, and `field(name)`: the props that tie one input to its
 * value and to its error and focus in `form` (typing clears the field's error).
 */
export function useTextFields<F extends string>(
  form: { errors: Partial<Record<F, string>>; clear: (...names: F[]) => void; bind: (field: F) => (el: HTMLElement | null) => void },
  initial: Record<F, string>,
) {
  const [values, setValues] = useState(initial);
  const field = (name: F) => ({
    name,
    value: values[name],
    onValue: (value: string) => {
      setValues((prev) => ({ ...prev, [name]: value }));
      form.clear(name);
    },
    error: form.errors[name],
    inputRef: form.bind(name),
  });
  return { values, field };
}
