import { parseId } from '../../lib/schemas/ids.ts';

/**
 * The filter popups' contract with the listing pages: Apply writes the choice into the current
 * page's query string and loads it again from page 1; Clear removes it.
 */
export function readIdParam(name: string): number | null {
  return parseId(new URL(window.location.href).searchParams.get(name)) ?? null;
}

export function applyParams(set: Record<string, number | string>, remove: string[] = []) {
  const url = new URL(window.location.href);
  for (const name of remove) url.searchParams.delete(name);
  for (const [name, value] of Object.entries(set)) url.searchParams.set(name, String(value));
  url.searchParams.delete('page');
  window.location.assign(url.pathname + url.search + url.hash);
}
