import { useEffect } from 'react';
import { api, ApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { isPopupName, openPopup } from '../../lib/stores/popup.ts';
import { $user, type Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { $catalogueTarget, readTarget } from './stores.ts';

/** Toasts a `data-action="soon"` button may show: features another part of the product wires up. */
const SOON_MESSAGES = new Set(['market:detail.ordering_soon', 'market:request_detail.taking_soon']);

/**
 * One small island per listing or detail page that makes its server-rendered buttons work:
 * favourite hearts, filter buttons, share, report, and the not-yet-open order buttons.
 * Buttons say what they do in `data-action`; the markup stays plain HTML (and works as links
 * for guests) before and without JavaScript. Renders nothing itself.
 */
export default function CatalogueActions({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Enhancer />
    </IslandRoot>
  );
}

function loginHref() {
  return `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

function Enhancer() {
  const t = useT();
  useEffect(() => {
    async function toggleFavorite(button: HTMLElement) {
      if (button.getAttribute('aria-busy') === 'true') return;
      const type = button.dataset.type === 'Request' ? 'Request' : 'Product';
      const id = Number(button.dataset.id);
      const wasOn = button.getAttribute('aria-pressed') === 'true';
      // Every heart for the same item on the page follows (a card and its detail, say).
      const twins = [...document.querySelectorAll<HTMLElement>(`[data-action="favorite"][data-type="${type}"][data-id="${id}"]`)];
      const set = (on: boolean) => twins.forEach((b) => b.setAttribute('aria-pressed', String(on)));
      set(!wasOn);
      button.setAttribute('aria-busy', 'true');
      try {
        const res = await api(wasOn ? 'DELETE' : 'POST', '/users/favorites', { body: { type, id } });
        if (res.message) toast.success(res.message);
      } catch (err) {
        set(wasOn);
        if (err instanceof ApiError && err.status === 401) location.assign(loginHref());
        else toast.error((err as Error).message);
      } finally {
        button.removeAttribute('aria-busy');
      }
    }

    function onClick(event: MouseEvent) {
      const el = (event.target as Element | null)?.closest<HTMLElement>('[data-action]');
      if (!el) return;
      const action = el.dataset.action;
      switch (action) {
        case 'favorite':
          event.preventDefault();
          void toggleFavorite(el);
          return;
        case 'popup': {
          const name = el.dataset.popup ?? '';
          if (isPopupName(name)) openPopup(name);
          return;
        }
        case 'share':
        case 'report': {
          const target = readTarget(el.dataset.target);
          if (!target) return;
          $catalogueTarget.set(target);
          openPopup(action === 'share' ? 'share-product' : 'report-product', { id: target.id });
          return;
        }
        case 'soon': {
          const key = el.dataset.message ?? '';
          if (SOON_MESSAGES.has(key)) toast.success(t(key));
          return;
        }
        case 'take-request': {
          // Travellers must have a verified phone before they take or bid on requests (SPEC §6).
          const user = $user.get();
          if (!user) location.assign(loginHref());
          else if (!user.phone_verified) openPopup('verification');
          else toast.success(t('market:request_detail.taking_soon'));
          return;
        }
      }
    }
    document.addEventListener('click', onClick);
    document.documentElement.dataset.catalogueActions = 'ready';
    return () => document.removeEventListener('click', onClick);
  }, [t]);
  return null;
}
