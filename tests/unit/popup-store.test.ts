import { beforeEach, describe, expect, it } from 'vitest';
import { $popup, $popupState, closePopup, isPopupName, openPopup, popupNames, popupNext, queuePopup, resetPopups } from '../../src/lib/stores/popup.ts';

describe('popup store', () => {
  beforeEach(() => resetPopups());

  it('opens and closes one popup by name', () => {
    openPopup('location');
    expect($popup.get().name).toBe('location');
    closePopup();
    expect($popup.get().name).toBeNull();
  });

  it('opens a queued popup when the current one closes', () => {
    openPopup('form-address', { mode: 'create' });
    queuePopup('select-address');
    expect($popup.get().name).toBe('form-address');
    closePopup();
    expect($popup.get().name).toBe('select-address');
    closePopup();
    expect($popup.get()).toEqual({ name: null, next: null, queue: [] });
  });

  it('opens a queued popup at once when nothing is open', () => {
    queuePopup('select-trip');
    expect($popup.get().name).toBe('select-trip');
  });

  it('keeps the shared state across popups: one fills it, the next reads it', () => {
    const trip = {
      id: 7,
      origin_country: { id: 1, name: 'Japan' },
      origin_city: { id: 2, name: 'Tokyo' },
      destination_country: { id: 3, name: 'Indonesia' },
      destination_city: { id: 4, name: 'Jakarta' },
      arrival_date: '2026-12-05',
      delivery_date: '2026-12-08',
    };
    openPopup('select-trip', { id: 42 });
    queuePopup('take-request', { takeRequest: { request_id: 42 } });
    $popupState.setKey('selectedTrip', trip);
    closePopup();
    expect($popup.get().name).toBe('take-request');
    expect($popupState.get()).toMatchObject({ id: 42, selectedTrip: trip, takeRequest: { request_id: 42 } });
  });

  it("carries where a popup leads for that opening only, queued ones included", () => {
    openPopup('form-address', { mode: 'create', next: { popup: 'select-address' } });
    expect(popupNext()).toEqual({ popup: 'select-address' });
    // `next` is not shared state: it stays out of $popupState.
    expect($popupState.get()).toEqual({ mode: 'create' });
    queuePopup('trip', { mode: 'create', next: { href: '/dashboard/trip' } });
    queuePopup('location');
    closePopup();
    expect($popup.get().name).toBe('trip');
    expect(popupNext()).toEqual({ href: '/dashboard/trip' });
    closePopup();
    expect($popup.get().name).toBe('location');
    expect(popupNext()).toBeNull();
    // Opening again without one forgets the previous opening's.
    openPopup('form-address', { mode: 'create' });
    expect(popupNext()).toBeNull();
  });

  it('knows every popup name of the spec and nothing else', () => {
    // The spec's 59, and the confirmation before closing a request.
    expect(popupNames).toHaveLength(60);
    expect(isPopupName('close-request-confirmation')).toBe(true);
    expect(new Set(popupNames).size).toBe(popupNames.length);
    expect(isPopupName('location')).toBe(true);
    expect(isPopupName('nope')).toBe(false);
  });
});
