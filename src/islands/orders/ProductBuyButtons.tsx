import { useState } from 'react';
import { api, isUnauthenticated } from '../../lib/api.ts';
import { loadNamespaces } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { CheckoutItem } from '../../lib/orders/checkout-items.ts';
import { openPopup } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { CoreIcon } from '../CoreIcon.tsx';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { $buyNowItem } from './buy-now-store.ts';
import { refreshCart } from './cart-store.ts';

/** The dictionaries it shows, loaded with this module so that hydrating it never waits for them. */
const NS = ['common', 'market'] as const;
await loadNamespaces(NS);

const primary =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-brand-500 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50';
const secondary =
  'inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl border border-brand-500 bg-white px-5 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50';

const loginHref = () => `/login?redirect=${encodeURIComponent(location.pathname + location.search)}`;

/** The product page's "Buy now" (buy-now popup → /checkout) and "Add to cart" (POST /v1/carts). */
export default function ProductBuyButtons(props: { boot: Boot; item: CheckoutItem; soldOut: boolean }) {
  return (
    <IslandRoot boot={props.boot} ns={NS}>
      <Buttons {...props} />
    </IslandRoot>
  );
}

function Buttons({ item, soldOut }: { item: CheckoutItem; soldOut: boolean }) {
  const t = useT();
  const { user } = useSession();
  const [adding, setAdding] = useState(false);

  function buyNow() {
    if (!user) return location.assign(loginHref());
    $buyNowItem.set({ ...item, quantity: 1, cart_id: null });
    openPopup('buy-now');
  }

  async function addToCart() {
    if (!user) return location.assign(loginHref());
    setAdding(true);
    try {
      const { message } = await api('POST', '/carts', { body: { product_id: item.product_id, quantity: 1 } });
      toast.success(message ?? t('orders:cart.added'));
      await refreshCart().catch(() => undefined);
    } catch (err) {
      if (isUnauthenticated(err)) return location.assign(loginHref());
      toast.error((err as Error).message);
    }
    setAdding(false);
  }

  return (
    <div className="grid gap-2 sm:grid-cols-2">
      <button type="button" onClick={buyNow} disabled={soldOut} className={primary}>
        {t('market:detail.buy_now')}
      </button>
      <button type="button" onClick={addToCart} disabled={soldOut || adding} aria-busy={adding} className={secondary}>
        <CoreIcon name="cart" className="size-5" />
        {t('market:detail.add_to_cart')}
      </button>
    </div>
  );
}
