import type { IconName } from './icons.ts';

export interface DashboardLink {
  href: string;
  label: string;
  icon: IconName;
}

export interface DashboardGroup {
  id: string;
  /** i18n key; SPEC §1: purchase pages are labelled 'Requester', sale pages 'Traveller'. */
  title: string;
  links: DashboardLink[];
}

export const dashboardMenu: DashboardGroup[] = [
  {
    id: 'requester',
    title: 'dashboard.requester',
    links: [
      { href: '/dashboard/purchase', label: 'dashboard.purchases', icon: 'bag' },
      { href: '/dashboard/favorite', label: 'dashboard.favourites', icon: 'heart' },
      { href: '/dashboard/payment', label: 'dashboard.payments', icon: 'card' },
    ],
  },
  {
    id: 'traveller',
    title: 'dashboard.traveller',
    links: [
      { href: '/dashboard/sell', label: 'dashboard.sales', icon: 'receipt' },
      { href: '/dashboard/product', label: 'dashboard.products', icon: 'tag' },
      { href: '/dashboard/trip', label: 'dashboard.trips', icon: 'plane' },
      { href: '/dashboard/withdraw', label: 'dashboard.withdraw', icon: 'wallet' },
    ],
  },
  {
    id: 'inbox',
    title: 'dashboard.inbox',
    links: [
      { href: '/dashboard/chat', label: 'dashboard.chat', icon: 'chat' },
      { href: '/dashboard/notification', label: 'dashboard.notifications', icon: 'bell' },
    ],
  },
  {
    id: 'settings',
    title: 'dashboard.settings',
    links: [
      { href: '/dashboard/setting/account', label: 'dashboard.account', icon: 'user' },
      { href: '/dashboard/setting/address', label: 'dashboard.addresses', icon: 'mapPin' },
      { href: '/dashboard/setting/bank', label: 'dashboard.banks', icon: 'bank' },
      { href: '/dashboard/setting/notifications', label: 'dashboard.notification_settings', icon: 'bell' },
    ],
  },
];

/** The menu entry a path belongs to: itself or a sub-page (/dashboard/sell/12 → /dashboard/sell). */
export function isActiveLink(href: string, pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return path === href || path.startsWith(`${href}/`);
}
