import { atom } from 'nanostores';

/** The order the help-transaction popup asks about, with the topics its status_detail offers. */
export const $helpTarget = atom<{ id: number; topics: readonly string[] } | null>(null);
