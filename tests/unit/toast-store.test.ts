import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dismissToast, toast, TOAST_DURATION_MS } from '../../src/lib/stores/toast.ts';

describe('toasts', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    for (const t of $toasts.get()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it('shows success and error messages and hides each after 5 seconds', () => {
    toast.success('Saved');
    vi.advanceTimersByTime(1000);
    toast.error('Failed');
    expect($toasts.get().map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Saved'],
      ['error', 'Failed'],
    ]);
    expect(TOAST_DURATION_MS).toBe(5000);
    vi.advanceTimersByTime(4000);
    expect($toasts.get().map((t) => t.message)).toEqual(['Failed']);
    vi.advanceTimersByTime(1000);
    expect($toasts.get()).toEqual([]);
  });

  it('shows the same message once when it comes twice in a row', () => {
    toast.error('Try again');
    toast.error('Try again');
    expect($toasts.get()).toHaveLength(1);
  });

  it('can be dismissed early, and ignores empty messages', () => {
    const id = toast.success('Hello')!;
    toast.success('');
    dismissToast(id);
    expect($toasts.get()).toEqual([]);
  });
});
