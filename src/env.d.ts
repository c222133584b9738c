/// <reference types="astro/client" />

declare namespace App {
  interface Locals {
    site: import('./server/site.ts').SiteServices;
    locale: import('./lib/i18n/index.ts').Locale;
    user?: import('./lib/schemas/auth.ts').Profile;
    /** The visitor's "send to" country (the `location` cookie, Indonesia by default). */
    location: import('./lib/location.ts').LocationChoice;
    /** The request's log context (src/server/request-context.ts): the page's route pattern and user go on its log line. */
    requestLog?: { route?: string; user_id?: number };
  }
}
