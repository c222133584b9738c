/**
 * SPEC §9: the header previews the 10 newest unread notifications. Kept apart from the zod
 * schemas: the header imports it on every page, and constructing a zod object there would probe
 * for eval, which the pages' Content-Security-Policy forbids.
 */
export const NOTIFICATION_PREVIEW = 10;
