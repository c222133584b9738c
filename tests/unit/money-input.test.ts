import { describe, expect, it } from 'vitest';
import { caretAfterDigits, formatMoney, MONEY_MAX_DIGITS, parseMoney, pastedDigits, reformat } from '../../src/islands/ui/MoneyInput.tsx';

describe('money input helpers (SPEC §5: integer, "." thousands, no decimals, no negatives)', () => {
  it('formats whole Rupiah with dots', () => {
    expect(formatMoney(0)).toBe('0');
    expect(formatMoney(999)).toBe('999');
    expect(formatMoney(1000)).toBe('1.000');
    expect(formatMoney(1250000)).toBe('1.250.000');
    expect(formatMoney(1_000_000_000_000)).toBe('1.000.000.000.000');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney(undefined)).toBe('');
    expect(formatMoney(Number.NaN)).toBe('');
  });

  it('parses what is shown back into a number, or null when empty', () => {
    expect(parseMoney('1.250.000')).toBe(1250000);
    expect(parseMoney('0')).toBe(0);
    expect(parseMoney('007')).toBe(7);
    expect(parseMoney('')).toBeNull();
    expect(parseMoney('...')).toBeNull();
    for (const n of [0, 5, 1000, 98765, 1250000, 123456789012]) expect(parseMoney(formatMoney(n))).toBe(n);
  });

  it('accepts a pasted plain amount and refuses negatives, decimals and words', () => {
    expect(pastedDigits('1250000')).toBe('1250000');
    expect(pastedDigits('1.250.000')).toBe('1250000');
    expect(pastedDigits(' Rp 1.250.000 ')).toBe('1250000');
    expect(pastedDigits('Rp. 250.000')).toBe('250000');
    expect(pastedDigits('-500')).toBeNull();
    expect(pastedDigits('12,50')).toBeNull();
    expect(pastedDigits('1.5')).toBeNull();
    expect(pastedDigits('1.2500')).toBeNull();
    expect(pastedDigits('1e6')).toBeNull();
    expect(pastedDigits('abc')).toBeNull();
    expect(pastedDigits('')).toBeNull();
  });

  it('re-formats while typing and keeps the caret after the same digit', () => {
    // Typing 1250000 one key at a time, caret at the end.
    let text = '';
    for (const key of '1250000') {
      const edit = reformat(text + key, text.length + 1)!;
      text = edit.text;
      expect(edit.caret).toBe(text.length);
    }
    expect(text).toBe('1.250.000');
    expect(reformat(text, text.length)!.value).toBe(1250000);

    // A digit typed in the middle: '1.2|50.000' + '9' → '12.9|50.000'.
    expect(reformat('1.2950.000', 4)).toEqual({ text: '12.950.000', value: 12950000, caret: 4 });
    // A stray character that slipped through is dropped, the caret stays put.
    expect(reformat('1.25-0', 5)).toEqual({ text: '1.250', value: 1250, caret: 4 });
    // Emptying the box gives null; leading zeros go.
    expect(reformat('', 0)).toEqual({ text: '', value: null, caret: 0 });
    expect(reformat('0', 1)).toEqual({ text: '0', value: 0, caret: 1 });
    expect(reformat('05', 2)).toEqual({ text: '5', value: 5, caret: 1 });
  });

  it('refuses an edit longer than the maximum number of digits', () => {
    const max = '9'.repeat(MONEY_MAX_DIGITS);
    expect(reformat(max, max.length)!.value).toBe(Number(max));
    expect(reformat(max + '9', max.length + 1)).toBeNull();
  });

  it('finds the caret position after the n-th digit', () => {
    expect(caretAfterDigits('1.250.000', 0)).toBe(0);
    expect(caretAfterDigits('1.250.000', 1)).toBe(1);
    expect(caretAfterDigits('1.250.000', 2)).toBe(3);
    expect(caretAfterDigits('1.250.000', 7)).toBe(9);
    expect(caretAfterDigits('1.250.000', 99)).toBe(9);
  });
});
