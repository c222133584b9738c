import type { CoreIconName } from '../../lib/core-icons.ts';
import type { IconName } from '../../lib/icons.ts';

/** A signed-in user's header shortcuts. Dropdown previews (SPEC §2) replace these links later. */
export const userShortcuts: { href: string; label: string; icon: CoreIconName }[] = [
  { href: '/dashboard/favorite', label: 'nav.favourites', icon: 'heart' },
  { href: '/cart', label: 'nav.cart', icon: 'cart' },
  { href: '/dashboard/notification', label: 'nav.notifications', icon: 'bell' },
  { href: '/dashboard/chat', label: 'nav.chat', icon: 'chat' },
];

export const postLinks = [
  { href: '/post/make-request', label: 'nav.post_request', hint: 'nav.post_request_hint', icon: 'bag' },
  { href: '/post/pre-order', label: 'nav.post_preorder', hint: 'nav.post_preorder_hint', icon: 'suitcase' },
] as const satisfies readonly { href: string; label: string; hint: string; icon: IconName }[];

export const accountLinks: { href: string; label: string; icon: IconName }[] = [
  { href: '/dashboard/purchase', label: 'dashboard.purchases', icon: 'bag' },
  { href: '/dashboard/sell', label: 'dashboard.sales', icon: 'receipt' },
  { href: '/dashboard/trip', label: 'dashboard.trips', icon: 'plane' },
  { href: '/dashboard/setting/account', label: 'dashboard.account', icon: 'settings' },
];
