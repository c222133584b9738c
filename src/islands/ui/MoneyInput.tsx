import { forwardRef, useEffect, useRef, useState, type ClipboardEvent, type InputEvent, type InputHTMLAttributes, type KeyboardEvent, type Ref } from 'react';
import { FieldFrame, useFieldIds, type FieldLook } from './Field.tsx';

/**
 * The one money input (SPEC §5): whole Rupiah, '.' thousands separators while typing
 * ('1.250.000'), no decimals, no minus; anything but digits is refused, also on paste.
 * It emits a number, or null when empty. The pure helpers below carry the rules and are unit-tested.
 */

/** 13 digits: up to 9.999.999.999.999, above the schema's 1 trillion maximum so that error can show. */
export const MONEY_MAX_DIGITS = 13;

/** '1250000' → '1.250.000'. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/** 1250000 → '1.250.000'; null/empty → ''. Fractions and signs are dropped (never typed anyway). */
export function formatMoney(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return groupDigits(String(Math.trunc(Math.abs(value))));
}

/** '1.250.000' → 1250000; '' → null. Only the digits count. */
export function parseMoney(text: string): number | null {
  const digits = text.replace(/\D/g, '').replace(/^0+(?=\d)/, '');
  return digits ? Number(digits) : null;
}

/**
 * What a paste may insert: the digits of a plain amount ('1250000', '1.250.000', 'Rp 1.250.000',
 * 'Rp. 250.000'), or null when the text is anything else ('-500', '12,50', '1.5', 'abc'): a
 * negative or a decimal must not silently turn into a different whole amount.
 */
export function pastedDigits(text: string): string | null {
  const plain = text.trim().replace(/^rp\.?\s*/i, '');
  if (/^\d+$/.test(plain)) return plain;
  if (/^\d{1,3}(\.\d{3})+$/.test(plain)) return plain.replace(/\./g, '');
  return null;
}

export interface MoneyEdit {
  text: string;
  value: number | null;
  /** Where the caret goes in `text`: after the same digits it followed in the raw text. */
  caret: number;
}

/**
 * Re-formats what is in the box after an edit. `raw` is the input's value (possibly with a stray
 * character and separators in the wrong places), `caret` the caret position in it. Returns null
 * when the edit would exceed MONEY_MAX_DIGITS (the edit is refused).
 */
export function reformat(raw: string, caret: number): MoneyEdit | null {
  const allDigits = raw.replace(/\D/g, '');
  let digitsBefore = raw.slice(0, Math.max(0, caret)).replace(/\D/g, '').length;
  const leadingZeros = /^0+(?=\d)/.exec(allDigits)?.[0].length ?? 0;
  const digits = allDigits.slice(leadingZeros);
  digitsBefore = Math.max(0, digitsBefore - leadingZeros);
  if (digits.length > MONEY_MAX_DIGITS) return null;
  const text = groupDigits(digits);
  return { text, value: digits ? Number(digits) : null, caret: caretAfterDigits(text, digitsBefore) };
}

/** The position in `text` just after its `n`-th digit (0: the start). */
export function caretAfterDigits(text: string, n: number): number {
  if (n <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < text.length; i++) {
    if (/\d/.test(text[i]) && ++seen === n) return i + 1;
  }
  return text.length;
}

type NativeProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'>;

export interface MoneyInputProps extends NativeProps {
  value: number | null;
  onValue: (value: number | null) => void;
  /** Shown as the input's left adornment ('Rp'); pass '' for none. */
  prefix?: string;
  /** Marks the field invalid (red border, aria-invalid). */
  invalid?: boolean;
}

const boxClass =
  'flex w-full items-stretch overflow-hidden rounded-lg border bg-white shadow-xs transition-colors focus-within:ring-4 ' +
  'has-[input:disabled]:bg-slate-50';

/** A controlled Rupiah input: `value` in, `onValue(number | null)` out. */
export const MoneyInput = forwardRef<HTMLInputElement, MoneyInputProps>(function MoneyInput(
  { value, onValue, prefix = 'Rp', invalid, className = '', onKeyDown, onPaste, onBeforeInput, onDrop, ...rest },
  forwardedRef,
) {
  const [text, setText] = useState(() => formatMoney(value));
  const emitted = useRef<number | null>(value);
  const inputRef = useRef<HTMLInputElement | null>(null);

  // A value set from outside (a pre-filled form, a reset) replaces what is shown.
  useEffect(() => {
    if (value !== emitted.current) {
      emitted.current = value;
      setText(formatMoney(value));
    }
  }, [value]);

  function apply(el: HTMLInputElement, edit: MoneyEdit | null) {
    if (!edit) {
      // Refused (too long): put back what was there, caret where the user left it.
      const keep = Math.min(el.selectionStart ?? text.length, text.length);
      el.value = text;
      el.setSelectionRange(keep, keep);
      return;
    }
    el.value = edit.text;
    if (document.activeElement === el) el.setSelectionRange(edit.caret, edit.caret);
    setText(edit.text);
    if (edit.value !== emitted.current) {
      emitted.current = edit.value;
      onValue(edit.value);
    }
  }

  function handleKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    const el = e.currentTarget;
    // Printable keys other than digits ('-', ',', '.', 'e', letters) do nothing.
    if (e.key.length === 1 && !/\d/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      return;
    }
    // Backspace right after a separator (or Delete right before one) removes the digit beyond it.
    const start = el.selectionStart ?? 0;
    const end = el.selectionEnd ?? 0;
    if (start !== end) return;
    if (e.key === 'Backspace' && start > 1 && el.value[start - 1] === '.') {
      e.preventDefault();
      apply(el, reformat(el.value.slice(0, start - 2) + el.value.slice(start), start - 2));
    } else if (e.key === 'Delete' && el.value[start] === '.') {
      e.preventDefault();
      apply(el, reformat(el.value.slice(0, start) + el.value.slice(start + 2), start));
    }
  }

  function handleBeforeInput(e: InputEvent<HTMLInputElement>) {
    onBeforeInput?.(e);
    const data = e.data;
    if (data && /\D/.test(data)) e.preventDefault();
  }

  function handlePaste(e: ClipboardEvent<HTMLInputElement>) {
    onPaste?.(e);
    if (e.defaultPrevented) return;
    e.preventDefault();
    const digits = pastedDigits(e.clipboardData.getData('text'));
    if (digits === null) return;
    const el = e.currentTarget;
    const start = el.selectionStart ?? el.value.length;
    const end = el.selectionEnd ?? start;
    apply(el, reformat(el.value.slice(0, start) + digits + el.value.slice(end), start + digits.length));
  }

  return (
    <div className={`${boxClass} ${invalid ? 'border-red-500 focus-within:ring-red-100' : 'border-slate-300 focus-within:border-brand-500 focus-within:ring-brand-100'} ${className}`}>
      {prefix && (
        <span aria-hidden="true" className="flex items-center border-r border-slate-200 bg-slate-50 px-3 text-sm font-medium text-slate-500 select-none">
          {prefix}
        </span>
      )}
      <input
        {...rest}
        ref={(el) => {
          inputRef.current = el;
          if (typeof forwardedRef === 'function') forwardedRef(el);
          else if (forwardedRef) forwardedRef.current = el;
        }}
        type="text"
        inputMode="numeric"
        autoComplete={rest.autoComplete ?? 'off'}
        value={text}
        aria-invalid={invalid || undefined}
        onKeyDown={handleKeyDown}
        onBeforeInput={handleBeforeInput}
        onPaste={handlePaste}
        onDrop={(e) => {
          onDrop?.(e);
          e.preventDefault();
        }}
        onChange={(e) => apply(e.currentTarget, reformat(e.currentTarget.value, e.currentTarget.selectionStart ?? e.currentTarget.value.length))}
        className="min-w-0 flex-1 border-0 bg-transparent px-3.5 py-2.5 text-base text-slate-900 tabular-nums placeholder:text-slate-400 focus:outline-none disabled:cursor-not-allowed sm:text-sm"
      />
    </div>
  );
});

interface MoneyFieldProps extends FieldLook {
  value: number | null;
  onValue: (value: number | null) => void;
  name?: string;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled Rupiah amount. */
export function MoneyField({ value, onValue, name, id, placeholder = '0', disabled, ref, ...look }: MoneyFieldProps) {
  const ids = useFieldIds(name, id);
  return (
    <FieldFrame id={ids.id} {...look}>
      <MoneyInput
        ref={ref}
        id={ids.id}
        name={name}
        value={value}
        onValue={onValue}
        placeholder={placeholder}
        disabled={disabled}
        invalid={Boolean(look.error)}
        aria-describedby={ids.describedBy(look.error, look.hint)}
      />
    </FieldFrame>
  );
}
