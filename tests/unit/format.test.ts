import { describe, expect, it } from 'vitest';
import { formatCount, formatDate, formatRupiah, initials } from '../../src/lib/format.ts';

describe('formatRupiah', () => {
  it('prefixes Rp. and groups thousands with dots', () => {
    expect(formatRupiah(1250000)).toBe('Rp. 1.250.000');
    expect(formatRupiah(185000)).toBe('Rp. 185.000');
    expect(formatRupiah(1000)).toBe('Rp. 1.000');
    expect(formatRupiah(999)).toBe('Rp. 999');
    expect(formatRupiah(0)).toBe('Rp. 0');
    expect(formatRupiah(12345678901)).toBe('Rp. 12.345.678.901');
  });

  it('never shows decimals', () => {
    expect(formatRupiah(1500.75)).toBe('Rp. 1.500');
  });

  it('keeps the sign of a negative amount in front', () => {
    expect(formatRupiah(-50000)).toBe('-Rp. 50.000');
  });

  it('treats a non-number as zero rather than printing NaN', () => {
    expect(formatRupiah(Number.NaN)).toBe('Rp. 0');
  });
});

describe('formatDate', () => {
  it('prints day, full month name and year in English', () => {
    expect(formatDate('2026-12-05', 'en')).toBe('5 December 2026');
  });

  it('prints the Indonesian month name', () => {
    expect(formatDate('2026-12-05', 'id')).toBe('5 Desember 2026');
    expect(formatDate('2026-08-17', 'id')).toBe('17 Agustus 2026');
  });

  it('prints a day it printed before in each language again, each in its own', () => {
    for (let i = 0; i < 2; i++) {
      expect(formatDate('2027-03-09', 'en')).toBe('9 March 2027');
      expect(formatDate('2027-03-09', 'id')).toBe('9 Maret 2027');
    }
  });

  it('does not shift a calendar day with the time zone', () => {
    const original = process.env.TZ;
    try {
      for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'Asia/Jakarta']) {
        process.env.TZ = tz;
        expect(formatDate('2026-01-01', 'en')).toBe('1 January 2026');
      }
    } finally {
      process.env.TZ = original;
    }
  });

  it('formats Date objects and timestamps in the given time zone', () => {
    expect(formatDate(new Date(Date.UTC(2026, 11, 5, 20)), 'en', 'UTC')).toBe('5 December 2026');
    expect(formatDate('2026-12-05T20:00:00Z', 'id', 'Asia/Jakarta')).toBe('6 Desember 2026');
  });

  it('returns an empty string for an invalid date', () => {
    expect(formatDate('not a date', 'en')).toBe('');
  });
});

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Ayu Putri Lestari')).toBe('AL');
    expect(initials('bima')).toBe('B');
    expect(initials('  ')).toBe('');
  });
});

describe('formatCount', () => {
  it('groups thousands as each language writes them', () => {
    expect(formatCount(1000, 'en')).toBe('1,000');
    expect(formatCount(1000, 'id')).toBe('1.000');
    expect(formatCount(12, 'id')).toBe('12');
  });
});
