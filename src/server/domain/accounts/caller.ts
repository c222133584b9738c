import type { Locale } from '../../../lib/i18n/index.ts';

/** Who is asking, as far as the account rules care. */
export interface Caller {
  /** The client's address as a rate-limit key (see api/client-ip.ts). */
  ip: string;
  /** Mails about the account go out in the language the user is using. */
  locale: Locale;
  /** The session making the call: kept when the others are signed out. */
  token?: string;
  /** The site's origin, for links in mails. */
  baseUrl: string;
}
