/** Browser-side cookies the client itself owns (locale, location). Never the httpOnly session. */
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function setClientCookie(name: string, value: string, maxAgeSeconds = ONE_YEAR_SECONDS) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax${secure}`;
}
