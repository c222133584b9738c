import { atom } from 'nanostores';

/**
 * Which header dropdown is open. Opening favourites closes the search suggestions and vice
 * versa (SPEC §2 Search): each panel opens by setting this and closes when it changes away.
 */
export type HeaderPanel = 'search' | 'favourites' | 'cart' | 'notifications' | 'chat' | null;
export const $headerPanel = atom<HeaderPanel>(null);
