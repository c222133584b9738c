/**
 * The shapes /v1 answers with and pages render: the domain's mappers return them, the typed API
 * client (`api.get`) and the islands and components read them. Nothing here imports the server.
 */
export type * from './catalogue.ts';
export * from './page.ts';
export type * from './notifications.ts';
export type * from './orders.ts';
export type * from './payouts.ts';
export type * from './places.ts';
export type * from './ratings.ts';
export type * from './routes.ts';
export type * from './settings.ts';
export type * from './shared-render.ts';
export type * from './social.ts';
export type * from './trips.ts';
