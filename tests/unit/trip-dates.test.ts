import { describe, expect, it } from 'vitest';
import { effectiveDates, tripPhase } from '../../src/lib/trip-dates.ts';

const first = { arrival_date: '2025-12-30', delivery_date: '2025-12-31' };
const moved = { ...first, updated_arrival_date: '2026-01-02', updated_delivery_date: '2026-01-05' };

describe('effectiveDates', () => {
  it('are the first dates while the trip was never moved (null or absent updates)', () => {
    expect(effectiveDates(first)).toEqual({ arrival: '2025-12-30', delivery: '2025-12-31', changed: false });
    expect(effectiveDates({ ...first, updated_arrival_date: null, updated_delivery_date: null })).toEqual({
      arrival: '2025-12-30',
      delivery: '2025-12-31',
      changed: false,
    });
  });

  it('are the updated dates once the traveller moved the trip', () => {
    expect(effectiveDates(moved)).toEqual({ arrival: '2026-01-02', delivery: '2026-01-05', changed: true });
  });

  it('take each date on its own: an updated delivery alone keeps the first arrival', () => {
    expect(effectiveDates({ ...first, updated_delivery_date: '2026-01-03' })).toEqual({ arrival: '2025-12-30', delivery: '2026-01-03', changed: true });
  });

  it('may move dates earlier as well as later', () => {
    expect(effectiveDates({ ...first, updated_arrival_date: '2025-12-20', updated_delivery_date: '2025-12-21' })).toMatchObject({
      arrival: '2025-12-20',
      delivery: '2025-12-21',
    });
  });
});

describe('tripPhase', () => {
  const active = { ...first, status: 'ACTIVE' };

  it('is ACTIVE up to and including the delivery day, FINISHED the day after', () => {
    expect(tripPhase(active, '2025-12-30')).toBe('ACTIVE');
    expect(tripPhase(active, '2025-12-31')).toBe('ACTIVE');
    expect(tripPhase(active, '2026-01-01')).toBe('FINISHED');
  });

  it('reads the updated delivery date: a trip moved later is still open after its first delivery date', () => {
    expect(tripPhase({ ...moved, status: 'ACTIVE' }, '2026-01-01')).toBe('ACTIVE');
    expect(tripPhase({ ...moved, status: 'ACTIVE' }, '2026-01-05')).toBe('ACTIVE');
    expect(tripPhase({ ...moved, status: 'ACTIVE' }, '2026-01-06')).toBe('FINISHED');
    // Moved earlier: finished before the first delivery date came.
    expect(tripPhase({ ...first, updated_delivery_date: '2025-12-25', status: 'ACTIVE' }, '2025-12-26')).toBe('FINISHED');
  });

  it('compares calendar days as strings: month ends, leap days and year ends need no clock or time zone', () => {
    const leap = { arrival_date: '2024-02-28', delivery_date: '2024-02-29', status: 'ACTIVE' };
    expect(tripPhase(leap, '2024-02-29')).toBe('ACTIVE');
    expect(tripPhase(leap, '2024-03-01')).toBe('FINISHED');
    const yearEnd = { arrival_date: '2025-12-31', delivery_date: '2025-12-31', status: 'ACTIVE' };
    expect(tripPhase(yearEnd, '2025-12-31')).toBe('ACTIVE');
    expect(tripPhase(yearEnd, '2026-01-01')).toBe('FINISHED');
    expect(tripPhase({ arrival_date: '2025-09-29', delivery_date: '2025-09-30', status: 'ACTIVE' }, '2025-10-01')).toBe('FINISHED');
  });

  it('is CANCELLED once cancelled, whatever the dates', () => {
    expect(tripPhase({ ...first, status: 'CANCELLED' }, '2025-01-01')).toBe('CANCELLED');
    expect(tripPhase({ ...moved, status: 'CANCELLED' }, '2030-01-01')).toBe('CANCELLED');
  });
});
