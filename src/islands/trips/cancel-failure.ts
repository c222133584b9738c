import { atom } from 'nanostores';

/**
 * Why the server refused to cancel a trip (its 409 message: an active shipping, refund or
 * appeal). trip-cancel-confirmation sets it, then opens trip-cancel-failed, which shows it.
 */
export const $tripCancelFailure = atom<string>('');
