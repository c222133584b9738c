import { atom } from 'nanostores';

/** Bumped after a withdrawal is sent: the balance page loads again. */
export const $balanceChanged = atom(0);
export const balanceChanged = () => $balanceChanged.set($balanceChanged.get() + 1);
