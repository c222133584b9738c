/** The 'send to' choice, kept in the `location` cookie as JSON. */
export interface LocationChoice {
  id: number;
  name: string;
  flag_image: string;
}

export const LOCATION_COOKIE = 'location';

export function parseLocation(raw: string | undefined | null): LocationChoice | undefined {
  if (!raw) return undefined;
  try {
    const v = JSON.parse(decodeURIComponent(raw)) as Partial<LocationChoice>;
    if (typeof v.id === 'number' && typeof v.name === 'string' && typeof v.flag_image === 'string' && /^\/flags\/[a-z]{2}\.svg$/.test(v.flag_image)) {
      return { id: v.id, name: v.name, flag_image: v.flag_image };
    }
  } catch {
    /* a tampered cookie is simply ignored */
  }
  return undefined;
}
