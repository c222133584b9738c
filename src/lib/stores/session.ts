import { atom } from 'nanostores';
import type { Locale } from '../i18n/index.ts';
import type { Profile } from '../schemas/auth.ts';
import type { LocationChoice } from '../location.ts';
import type { RealtimeClientConfig } from '../realtime.ts';

/** The signed-in user's profile (null for guests). Filled from the server render, then kept fresh. */
export const $user = atom<Profile | null>(null);
export const $locale = atom<Locale>('en');
export const $location = atom<LocationChoice | null>(null);

export interface Boot {
  user: Profile | null;
  locale: Locale;
  location: LocationChoice | null;
  flags: {
    googleEnabled: boolean;
    helpCentreUrl?: string;
    /** Where pusher-js connects (src/lib/realtime.ts). */
    realtime: RealtimeClientConfig;
    /** Set when cards are taken (Stripe.js). */
    stripePublishableKey?: string;
    /** Set when Midtrans Snap takes bank transfers (snap.js). */
    midtransClientKey?: string;
    midtransProduction?: boolean;
  };
}

export const $flags = atom<Boot['flags']>({ googleEnabled: false, realtime: { key: '', cluster: 'ap1', external: false } });

let booted = false;
/** Called by every island with the page's boot data; the first call wins (same data anyway). */
export function bootSession(boot: Boot) {
  if (booted && typeof window !== 'undefined') return;
  booted = typeof window !== 'undefined';
  $user.set(boot.user);
  $locale.set(boot.locale);
  $location.set(boot.location);
  $flags.set(boot.flags);
}
