import { describe, expect, it } from 'vitest';
import { formatPhone } from './phone-format.ts';

describe('formatPhone', () => {
  it('reads Indonesian numbers however they were typed as +62 812-3456-7890', () => {
    for (const raw of ['081234567890', '+6281234567890', '6281234567890', '0812 3456 7890']) expect(formatPhone(raw)).toBe('+62 812-3456-7890');
  });
  it('keeps foreign numbers in their own country and leaves what is not a number as typed', () => {
    expect(formatPhone('+81 90-1234-5678')).toBe('+81 90-1234-5678');
    expect(formatPhone('call me')).toBe('call me');
    expect(formatPhone(null)).toBe('');
  });
});
