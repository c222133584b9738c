import type { TFunction } from 'i18next';
import type { Locale } from '../../lib/i18n/index.ts';
import type { UserRow } from '../domain/accounts/index.ts';
import type { Deps } from '../domain/deps.ts';
import type { GoogleOAuth } from '../integrations/oauth/google.ts';

export interface ApiServices {
  deps: Deps;
  google?: GoogleOAuth;
  /** Signs a private channel subscription (Pusher protocol); set by the real-time server. */
  authorizeChannel(socketId: string, channel: string): string;
}

export type ApiEnv = {
  Variables: {
    lang: Locale;
    t: TFunction;
    user?: UserRow;
    token?: string;
    services: ApiServices;
    /** Set by a route whose writes no guest page shows (a cart, a chat, a notification read). */
    guestPagesUnchanged?: true;
  };
};
