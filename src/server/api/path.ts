/** Whether a request URL belongs to the /v1 API (its JSON error shape applies). */
export const isApiPath = (url: string): boolean => url === '/v1' || url.startsWith('/v1/') || url.startsWith('/v1?');
