import type { Boot } from './stores/session.ts';

/** The data an island boots the shared stores with, from what the Astro middleware resolved. */
export function bootFromLocals(locals: App.Locals): Boot {
  const { flags } = locals.site;
  return {
    user: locals.user ?? null,
    locale: locals.locale,
    location: locals.location ?? null,
    flags: {
      googleEnabled: flags.googleEnabled,
      helpCentreUrl: flags.helpCentreUrl,
      realtime: flags.realtime,
      stripePublishableKey: flags.stripePublishableKey,
      midtransClientKey: flags.midtransClientKey,
      midtransProduction: flags.midtransProduction,
    },
  };
}
