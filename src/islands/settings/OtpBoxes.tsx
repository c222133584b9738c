import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useT } from '../../lib/i18n/react.tsx';

/** SPEC §5: the code is letters and digits only, shown upper-case. */
export const otpChars = (text: string) => text.toUpperCase().replace(/[^A-Z0-9]/g, '');

interface Props {
  /** One entry per box, '' when empty. */
  value: string[];
  onChange: (value: string[]) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}

/**
 * Single-character boxes for the phone code: typing moves on, Backspace on an empty box goes
 * back, arrow keys move, and pasting (or the phone's one-time-code autofill) fills every box.
 */
export function OtpBoxes({ value, onChange, invalid, describedBy, disabled }: Props) {
  const t = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const length = value.length;
  // The step with the boxes replaces the phone step: start typing right away.
  useEffect(() => boxes.current[0]?.focus(), []);
  const focus = (i: number) => {
    const el = boxes.current[Math.max(0, Math.min(length - 1, i))];
    el?.focus();
    el?.select();
  };

  /** Writes `chars` from box `start` on and focuses the box after the last one written. */
  function fill(start: number, chars: string) {
    const next = [...value];
    let i = start;
    for (const ch of chars) {
      if (i >= length) break;
      next[i++] = ch;
    }
    onChange(next);
    focus(i);
  }

  function onInput(i: number, raw: string) {
    const chars = otpChars(raw);
    if (!chars) {
      // Only a non-alphanumeric key was typed (or the box was cleared): keep what was there.
      if (raw === '') onChange(value.map((v, j) => (j === i ? '' : v)));
      return;
    }
    // A whole code arriving at once (autofill) starts from the first box.
    if (chars.length >= length) return fill(0, chars);
    // Typing into a filled box (caret before or after the old character): keep the new one.
    const typed = value[i] && chars.length === 2 ? (chars[0] === value[i] ? chars[1] : chars[0]) : chars;
    fill(i, typed);
  }

  function onKeyDown(i: number, e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault();
      onChange(value.map((v, j) => (j === i - 1 ? '' : v)));
      focus(i - 1);
    } else if (e.key === 'ArrowLeft' && i > 0) {
      e.preventDefault();
      focus(i - 1);
    } else if (e.key === 'ArrowRight' && i < length - 1) {
      e.preventDefault();
      focus(i + 1);
    }
  }

  function onPaste(e: ClipboardEvent<HTMLInputElement>) {
    const chars = otpChars(e.clipboardData.getData('text'));
    e.preventDefault();
    if (chars) fill(0, chars);
  }

  return (
    <div role="group" aria-label={t('settings:verify.code_group')} aria-describedby={describedBy} className="flex justify-center gap-2.5 sm:gap-3">
      {value.map((ch, i) => (
        <input
          key={i}
          ref={(el) => {
            boxes.current[i] = el;
          }}
          value={ch}
          onChange={(e) => onInput(i, e.currentTarget.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={onPaste}
          onFocus={(e) => e.currentTarget.select()}
          disabled={disabled}
          inputMode="text"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={t('settings:verify.box', { n: i + 1, total: length })}
          aria-invalid={invalid ? true : undefined}
          data-autofocus={i === 0 ? true : undefined}
          className="size-14 rounded-xl border border-slate-300 bg-white text-center font-mono text-2xl font-semibold text-slate-900 uppercase shadow-xs transition-colors focus:border-brand-500 focus:ring-4 focus:ring-brand-100 focus:outline-none aria-invalid:border-red-500 aria-invalid:focus:ring-red-100 disabled:bg-slate-50 sm:size-16"
        />
      ))}
    </div>
  );
}
