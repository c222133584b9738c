import type { Locale } from '../lib/i18n/index.ts';
import type { Profile } from '../lib/schemas/auth.ts';
import { authenticate, getProfile } from './domain/accounts/index.ts';
import { latestProducts, latestRequests } from './domain/catalogue/latest.ts';
import type { Deps } from './domain/deps.ts';

/**
 * What Astro pages may read, in process (no HTTP loopback). Astro receives this object as
 * `locals.site` from the server entry, so pages and the API share one database connection.
 */
export function createSiteServices(deps: Deps, flags: { googleEnabled: boolean }) {
  return {
    flags: {
      googleEnabled: flags.googleEnabled,
      helpCentreUrl: deps.config.helpCentreUrl,
      pusherKey: deps.config.pusher.key,
      pusherCluster: deps.config.pusher.cluster,
      platformFeePercentage: deps.config.platformFeePercentage,
    },
    async userForToken(token: string | undefined, locale: Locale): Promise<Profile | undefined> {
      if (!token) return undefined;
      const user = await authenticate(deps.db, token, deps.now());
      return user ? getProfile(deps.db, user, locale) : undefined;
    },
    latestProducts: (limit?: number) => latestProducts(deps.db, limit),
    latestRequests: (locale: Locale, limit?: number) => latestRequests(deps.db, locale, limit),
  };
}

export type SiteServices = ReturnType<typeof createSiteServices>;
