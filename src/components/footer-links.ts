/**
 * Footer links (SPEC §2 Layout). Help-centre pages live on the external help centre when one is
 * configured (same paths there), else on our own fallback routes. Order status is the user's own
 * purchases, which only this app knows, so it always stays local.
 */
export interface FooterGroup {
  id: string;
  title: string;
  links: { label: string; href: string }[];
}

export function footerLinks(helpCentreUrl: string | undefined): FooterGroup[] {
  const base = helpCentreUrl?.replace(/\/+$/, '');
  const help = (path: string) => (base ? `${base}${path}` : path);
  return [
    {
      id: 'explore',
      title: 'footer.explore',
      links: [
        { label: 'footer.marketplace', href: '/products/marketplace' },
        { label: 'footer.requests', href: '/products/request' },
        { label: 'footer.how_it_works', href: '/way-of-work' },
      ],
    },
    {
      id: 'company',
      title: 'footer.company',
      links: [
        { label: 'footer.about_us', href: help('/about-us') },
        { label: 'footer.contact_us', href: help('/contact-us') },
        { label: 'footer.help_centre', href: help('/help-centre') },
      ],
    },
    {
      id: 'support',
      title: 'footer.support',
      links: [
        { label: 'footer.order_status', href: '/dashboard/purchase' },
        { label: 'footer.privacy', href: help('/privacy-policy') },
        { label: 'footer.terms', href: help('/term-condition') },
      ],
    },
  ];
}

export const socialLinks = [
  { network: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/titipan' },
  { network: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/titipan' },
  { network: 'x', label: 'X (Twitter)', href: 'https://x.com/titipan' },
  { network: 'tiktok', label: 'TikTok', href: 'https://www.tiktok.com/@titipan' },
] as const;

export type SocialNetwork = (typeof socialLinks)[number]['network'];
