/** The httpOnly cookie holding a browser's session token: set by the API, read by the page middleware. */
export const SESSION_COOKIE = 'titipan_session';
