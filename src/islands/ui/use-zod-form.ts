import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type BaseSyntheticEvent, type RefObject } from 'react';
import { useForm, type DefaultValues, type FieldError, type FieldValues, type Path, type PathValue, type Resolver, type UseFormRegisterReturn } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, isUnauthenticated } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { redirectToLogin } from './flash.ts';

/** The form-level message: the server's answer, an error or a success. */
export type Notice = { kind: 'error' | 'success'; text: string } | null;

export interface ZodFormOptions<V extends FieldValues, S extends z.ZodType> {
  /** The schema the API validates with (`src/lib/schemas`); its messages are i18n keys. */
  schema: S;
  /** Every field's starting value. Their order is the screen order. */
  defaultValues: V;
  /**
   * The schema's input built from the form's values, when they differ: digit strings to numbers,
   * a chosen object to its id, values kept outside the form (uploaded photos).
   */
  toInput?: (values: V) => unknown;
  /** A schema or API field name → the form field showing its message (`origin_city_id` → `origin`). */
  fieldOf?: Record<string, string>;
  /** Checks only the browser makes ('repeat password'): field → i18n key of its message. */
  check?: (values: V) => Partial<Record<string, string | undefined>>;
  /** An i18n key shown above a long form when the browser's check fails ('Some fields need your attention'). */
  invalidNotice?: string;
  /** A form for signed-out visitors (log in, register): a 401 is an answer to show, not a lost session. */
  guest?: boolean;
}

/** What `field(name)` gives a controlled control. */
export interface FieldBinding<T> {
  name: string;
  value: T;
  onValue: (value: T) => void;
  error?: string;
  ref: (el: HTMLElement | null) => void;
}

/** What `text(name)` gives a native input. */
export type TextBinding = UseFormRegisterReturn & { error?: string };

/** What `send` may answer: 'navigating' when the page is about to change (the form stays busy); anything else is ignored. */
type SendResult = unknown;

/** The first message anywhere in a (possibly nested) resolver error. */
function firstMessage(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const { message } = error as { message?: unknown };
  if (typeof message === 'string') return message;
  for (const [key, value] of Object.entries(error)) {
    if (key === 'ref') continue;
    const found = firstMessage(value);
    if (found) return found;
  }
  return undefined;
}

/**
 * react-hook-form's zod resolver on the schema's input, then one translated message per form
 * field (the first, as the API reports them), then the browser-only checks.
 */
export function schemaResolver<V extends FieldValues, S extends z.ZodType>(opts: RefObject<ZodFormOptions<V, S>>, t: RefObject<(key: string) => string>): Resolver<V, unknown, z.output<S>> {
  return async (values, context, options) => {
    const o = opts.current;
    const input = (o.toInput ? o.toInput(values) : values) as FieldValues;
    const result = await zodResolver(o.schema as z.ZodType<unknown, FieldValues>)(input, context, { ...options, shouldUseNativeValidation: false });
    const errors: Record<string, FieldError> = {};
    for (const [name, error] of Object.entries(result.errors)) {
      const key = firstMessage(error);
      const field = o.fieldOf?.[name] ?? name;
      if (key && !errors[field]) errors[field] = { type: 'schema', message: t.current(key) };
    }
    for (const [field, key] of Object.entries(o.check?.(values) ?? {})) {
      if (key && !errors[field]) errors[field] = { type: 'check', message: t.current(key) };
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors } as never;
    return { values: result.values as z.output<S>, errors: {} };
  };
}

/**
 * One form's state, driven by the API's zod schema (react-hook-form underneath):
 * - `text(name)`: the props of a native input (`<TextField {...form.text('email')} />`);
 * - `field(name)`: value, `onValue`, error and focus ref of any other control (money, pickers);
 * - `submit(send)`: the form's `onSubmit`. It checks the schema (messages under the fields, the
 *   first wrong one focused), then runs `send` with the parsed data while `busy`. An API 422's
 *   `errors` land under their fields, any other failure's `message` becomes the `notice`; a lost
 *   session goes to the login page and back.
 * Shown errors follow the typing once the form has been submitted.
 */
export function useZodForm<V extends FieldValues, S extends z.ZodType>(options: ZodFormOptions<V, S>) {
  const t = useT();
  const opts = useRef(options);
  opts.current = options;
  const translate = useRef((key: string) => t(key));
  translate.current = (key: string) => t(key);
  const [resolver] = useState(() => schemaResolver(opts, translate));
  const form = useForm<V, unknown, z.output<S>>({
    defaultValues: options.defaultValues as DefaultValues<V>,
    resolver,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false, // done here, in screen order, for every kind of control
  });
  const [busy, setBusy] = useState(false);
  const busyNow = useRef(false);
  const [notice, setRawNotice] = useState<{ notice: Notice; aboutFields: boolean }>({ notice: null, aboutFields: false });
  const [hydrated, setHydrated] = useState(false);
  const hydratedNow = useRef(false);
  const submitted = useRef(false);
  const elements = useRef(new Map<string, HTMLElement | null>());

  useEffect(() => {
    hydratedNow.current = true;
    setHydrated(true);
  }, []);

  const errors = form.formState.errors as Record<string, FieldError | undefined>;
  const errorOf = (name: string) => errors[name]?.message;
  const isField = (name: string) => name in opts.current.defaultValues || elements.current.has(name);

  /** Focuses the first of `names` on screen (DOM order) and scrolls it to the middle. */
  function focusFirst(names: string[]) {
    const shown = names.map((n) => elements.current.get(n)).filter((el): el is HTMLElement => Boolean(el?.isConnected));
    shown.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    const first = shown[0];
    if (!first) return;
    first.focus({ preventScroll: true });
    first.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  }

  /** A ref that lets the form focus `name`'s control (for a control whose value lives elsewhere). */
  const focusRef = (name: string) => (el: HTMLElement | null) => {
    if (el) elements.current.set(name, el);
    else elements.current.delete(name);
  };

  /** Props of a native input or text area: registered with the form, its error and focus. */
  function text(name: Path<V>): TextBinding {
    const registered = form.register(name);
    return {
      ...registered,
      error: errorOf(name),
      ref: (el: HTMLInputElement | HTMLTextAreaElement | null) => {
        // What was typed into the server-rendered input before this script ran is kept.
        const typed = el && !hydratedNow.current ? el.value : '';
        registered.ref(el);
        if (typed && typed !== String(opts.current.defaultValues[name] ?? '')) form.setValue(name, typed as PathValue<V, Path<V>>);
        focusRef(name)(el);
      },
    };
  }

  /** Props of a controlled control (`value`, `onValue`), its error and focus. */
  function field<N extends Path<V>>(name: N): FieldBinding<PathValue<V, N>> {
    return {
      name,
      value: form.watch(name) as PathValue<V, N>,
      onValue: (value: PathValue<V, N>) => form.setValue(name, value, { shouldDirty: true, shouldValidate: submitted.current }),
      error: errorOf(name),
      ref: focusRef(name),
    };
  }

  function setNotice(next: Notice) {
    setRawNotice({ notice: next, aboutFields: false });
  }

  function showFailure(err: unknown, onError?: (err: ApiError) => boolean) {
    if (!(err instanceof ApiError)) {
      if ((err as Error)?.name === 'AbortError') return;
      console.error('form submission failed', err);
      setNotice({ kind: 'error', text: t('errors:server') });
      return;
    }
    if (onError?.(err)) return;
    if (isUnauthenticated(err) && !opts.current.guest) return redirectToLogin();
    const own: Record<string, string> = {};
    const others: string[] = [];
    for (const [name, message] of Object.entries(err.errors)) {
      const target = opts.current.fieldOf?.[name] ?? name;
      if (isField(target)) own[target] ??= message;
      else others.push(message);
    }
    for (const [name, message] of Object.entries(own)) form.setError(name as Path<V>, { type: 'server', message });
    // Only a summary of the field messages: it goes once they are all fixed.
    setRawNotice({ notice: { kind: 'error', text: others[0] ?? err.message }, aboutFields: Object.keys(own).length > 0 && others.length === 0 });
    focusFirst(Object.keys(own));
  }

  /**
   * The form's submit handler (also callable without an event, e.g. from a confirmation step).
   * `onError` may take an API error itself (answer true), e.g. a 409 that opens a popup.
   */
  function submit(send: (data: z.output<S>) => Promise<SendResult> | SendResult, handlers: { onError?: (err: ApiError) => boolean } = {}) {
    return (event?: BaseSyntheticEvent) => {
      event?.preventDefault();
      if (busyNow.current) return Promise.resolve();
      submitted.current = true;
      return form.handleSubmit(
        async (data) => {
          setNotice(null);
          busyNow.current = true;
          setBusy(true);
          let navigating = false;
          try {
            navigating = (await send(data)) === 'navigating';
          } catch (err) {
            showFailure(err, handlers.onError);
          } finally {
            if (!navigating) {
              busyNow.current = false;
              setBusy(false);
            }
          }
        },
        (found) => {
          const key = opts.current.invalidNotice;
          setRawNotice({ notice: key ? { kind: 'error', text: t(key) } : null, aboutFields: true });
          focusFirst(Object.keys(found));
        },
      )(event);
    };
  }

  const anyError = Object.values(errors).some(Boolean);
  return {
    ...form,
    text,
    field,
    focusRef,
    /** Focuses one field (e.g. the photos while they are still uploading). */
    focus: (name: string) => focusFirst([name]),
    errorOf,
    submit,
    busy,
    /** The island is live: until then a submit button stays disabled, so nothing posts the browser's way. */
    hydrated,
    notice: notice.aboutFields && !anyError ? null : notice.notice,
    setNotice,
  };
}

export type ZodForm<V extends FieldValues, S extends z.ZodType> = ReturnType<typeof useZodForm<V, S>>;
