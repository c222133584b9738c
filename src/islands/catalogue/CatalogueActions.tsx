import { useEffect } from 'react';
import { api, isUnauthenticated } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { isPopupName, openPopup } from '../../lib/stores/popup.ts';
import { $user, type Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { redirectToLogin } from '../ui/flash.ts';
import { $catalogueTarget, readTarget } from './stores.ts';

/**
 * One small island per listing or detail page that makes its server-rendered buttons work:
 * favourite hearts, filter buttons, share, report, and the order buttons (cart, buy now, take request, make an offer).
 * Buttons say what they do in `data-action`; the markup stays plain HTML (and works as links
 * for guests) before and without JavaScript. Renders nothing itself.
 */
export default function CatalogueActions({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot} ns={['common']}>
      <Enhancer />
    </IslandRoot>
  );
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
        if (isUnauthenticated(err)) redirectToLogin();
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
        case 'take-request': {
          // Travellers must have a verified phone before they take or bid on requests (SPEC §6).
          const user = $user.get();
          if (!user) redirectToLogin();
          else if (!user.phone_verified) openPopup('verification');
          else {
            // data-mode="offer" is "Make an offer" (bid-request); otherwise take at the requester's terms.
            const product = { id: Number(el.dataset.id), name: el.dataset.name ?? '', price_eta: Number(el.dataset.price), quantity: Number(el.dataset.quantity) || 1, traveler_tip: Number(el.dataset.tip) };
            openPopup(el.dataset.mode === 'offer' ? 'bid-request' : 'take-request', { id: product.id, product });
          }
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
