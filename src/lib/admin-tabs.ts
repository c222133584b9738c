/**
 * The tabs of the operator console (/admin), in order. A tab is a page `src/pages/admin/{id}.astro`
 * (using the Admin layout and `operatorPage`) plus a section of `/v1/admin/{id}` routes in
 * src/server/api/admin.ts; its words live in the `admin` namespace under `tabs.{id}`.
 * See docs/operator-console.md.
 */
export interface AdminTab {
  id: string;
  href: string;
  /** i18n key of the tab's label. */
  label: string;
}

export const adminTabs: AdminTab[] = [
  { id: 'appeals', href: '/admin/appeals', label: 'admin:tabs.appeals' },
  { id: 'reports', href: '/admin/reports', label: 'admin:tabs.reports' },
  { id: 'help-tickets', href: '/admin/help-tickets', label: 'admin:tabs.help_tickets' },
  { id: 'trip-proofs', href: '/admin/trip-proofs', label: 'admin:tabs.trip_proofs' },
  { id: 'payouts', href: '/admin/payouts', label: 'withdraw:admin.tab' },
  { id: 'operators', href: '/admin/operators', label: 'admin:tabs.operators' },
  { id: 'audit', href: '/admin/audit', label: 'admin:tabs.audit' },
  { id: 'deliveries', href: '/admin/deliveries', label: 'admin:tabs.deliveries' },
];
