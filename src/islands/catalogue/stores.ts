import { atom } from 'nanostores';
import type { DiscussionMessage } from '../../lib/views/index.ts';

/**
 * What the catalogue's popups act on. The shared popup state (SPEC §3) carries ids; a share needs
 * the page's URL and title and a report needs to know product vs request, so the item travels
 * here, set by the button that opens the popup.
 */
export interface CatalogueTarget {
  kind: 'product' | 'request';
  id: number;
  name: string;
  /** Absolute URL of the item's page. */
  url: string;
}

export const $catalogueTarget = atom<CatalogueTarget | null>(null);

/** Questions posted from this page (the discussion popup adds; the thread shows them at once). */
export const $postedQuestions = atom<(DiscussionMessage & { subject: 'product' | 'request'; item_id: number })[]>([]);

/** Which tab the follower popup opens on. */
export const $followerTab = atom<'followers' | 'following'>('followers');

/** Parses a button's `data-target` JSON; a malformed one (never from our pages) is ignored. */
export function readTarget(raw: string | undefined): CatalogueTarget | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<CatalogueTarget>;
    if ((v.kind === 'product' || v.kind === 'request') && typeof v.id === 'number' && typeof v.name === 'string' && typeof v.url === 'string') {
      return { kind: v.kind, id: v.id, name: v.name, url: v.url };
    }
  } catch {
    /* ignored */
  }
  return null;
}
