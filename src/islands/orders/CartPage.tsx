import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api, isUnauthenticated } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { DEFAULT_PRODUCT_IMAGE } from '../../lib/images.ts';
import { lineTotal } from '../../lib/money/index.ts';
import { checkoutItemOf, groupByTrip, writeCheckout } from '../../lib/orders/checkout-items.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { CartLine } from '../../lib/views/orders.ts';
import { Icon } from '../Icon.tsx';
import { IslandRoot } from '../IslandRoot.tsx';
import { $cart, refreshCart } from './cart-store.ts';
import { TripHeader } from './parts.tsx';

export default function CartPage({ boot, initial }: { boot: Boot; initial: CartLine[] }) {
  return (
    <IslandRoot boot={boot}>
      <Cart initial={initial} />
    </IslandRoot>
  );
}

const stepButton =
  'inline-flex size-9 items-center justify-center rounded-lg border border-slate-300 text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-40';

function Cart({ initial }: { initial: CartLine[] }) {
  const t = useT();
  const stored = useStore($cart);
  const lines = stored ?? initial;
  const [selected, setSelected] = useState<Set<number>>(() => new Set(initial.filter((l) => l.available).map((l) => l.id)));
  const [busy, setBusy] = useState<number | null>(null);

  useEffect(() => {
    if ($cart.get() === null) $cart.set(initial);
  }, [initial]);

  async function mutate(lineId: number, call: () => Promise<unknown>) {
    setBusy(lineId);
    try {
      await call();
      await refreshCart();
    } catch (err) {
      if (isUnauthenticated(err)) return location.assign('/login?redirect=%2Fcart');
      toast.error((err as Error).message);
    }
    setBusy(null);
  }

  const setQuantity = (line: CartLine, quantity: number) => mutate(line.id, () => api('PUT', `/carts/${line.id}`, { body: { quantity } }));
  const remove = (line: CartLine) =>
    mutate(line.id, async () => {
      const { message } = await api('DELETE', `/carts/${line.id}`);
      if (message) toast.success(message);
      setSelected((s) => {
        const next = new Set(s);
        next.delete(line.id);
        return next;
      });
    });
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  function checkout(group: CartLine[]) {
    const chosen = group.filter((l) => selected.has(l.id) && l.available);
    if (!chosen.length) return;
    writeCheckout(localStorage, chosen.map((l) => checkoutItemOf(l.product, l.quantity, l.id)));
    location.assign('/checkout');
  }

  if (lines.length === 0) {
    return (
      <div className="mt-6 flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
        <Icon name="cart" className="size-10 text-slate-300" />
        <p className="mt-3 text-base font-semibold text-slate-900">{t('orders-buy:cart.empty')}</p>
        <a href="/products/marketplace" className="mt-4 inline-flex h-11 items-center justify-center gap-2 rounded-xl bg-brand-500 px-5 text-sm font-semibold text-white hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
          <Icon name="store" className="size-5" />
          {t('orders-buy:cart.browse')}
        </a>
      </div>
    );
  }

  const groups = groupByTrip(lines.map((l) => ({ ...l, trip_id: l.product.trip_id })));
  return (
    <div className="mt-6 space-y-5">
      {groups.map((group) => {
        const first = group.items[0].product;
        const chosen = group.items.filter((l) => selected.has(l.id) && l.available);
        const subtotal = chosen.reduce((sum, l) => sum + lineTotal(l.product.price, l.quantity), 0);
        const count = chosen.reduce((n, l) => n + l.quantity, 0);
        return (
          <section key={group.trip_id} className="rounded-2xl border border-slate-200 bg-white" aria-label={t('orders-buy:cart.trip_of', { name: first.user.name })} data-testid="cart-group">
            <TripHeader traveller={{ name: first.user.name, photo: first.user.photo_profile }} trip={first.trip} className="px-4 py-3" />
            <ul className="divide-y divide-slate-100">
              {group.items.map((line) => (
                <li key={line.id} className="flex gap-3 px-4 py-3" data-testid="cart-line">
                  <input
                    type="checkbox"
                    checked={selected.has(line.id) && line.available}
                    disabled={!line.available}
                    onChange={() => toggle(line.id)}
                    aria-label={t('orders-buy:cart.select_item', { name: line.product.name })}
                    className="mt-6 size-5 shrink-0 rounded border-slate-300 accent-brand-600"
                  />
                  <img src={line.product.product_images[0]?.src ?? DEFAULT_PRODUCT_IMAGE} alt="" width={64} height={64} loading="lazy" className="size-16 shrink-0 rounded-lg bg-slate-100 object-cover" />
                  <div className="min-w-0 flex-1">
                    <a href={`/products/marketplace/${line.product.slug}`} className="line-clamp-2 text-sm font-semibold text-slate-900 hover:text-brand-700">
                      {line.product.name}
                    </a>
                    <p className="text-sm font-bold text-brand-600">{formatRupiah(line.product.price)}</p>
                    {!line.available && <p className="text-xs font-medium text-rose-600">{t('orders-buy:cart.unavailable')}</p>}
                    <div className="mt-2 flex items-center gap-2">
                      <button type="button" className={stepButton} disabled={busy === line.id || line.quantity <= 1} onClick={() => setQuantity(line, line.quantity - 1)} aria-label={t('orders-buy:cart.decrease', { name: line.product.name })}>
                        <span aria-hidden="true" className="text-lg leading-none">−</span>
                      </button>
                      <output aria-label={t('orders-buy:cart.quantity_of', { name: line.product.name })} aria-live="polite" className="w-8 text-center text-sm font-semibold tabular-nums text-slate-900" data-testid="cart-quantity">
                        {line.quantity}
                      </output>
                      <button type="button" className={stepButton} disabled={busy === line.id || line.quantity >= Math.min(line.product.stock, line.product.max_per_order)} onClick={() => setQuantity(line, line.quantity + 1)} aria-label={t('orders-buy:cart.increase', { name: line.product.name })}>
                        <Icon name="plus" className="size-4" />
                      </button>
                      <button type="button" onClick={() => remove(line)} disabled={busy === line.id} className="ml-auto inline-flex h-9 items-center gap-1 rounded-lg px-2 text-sm font-medium text-rose-600 hover:bg-rose-50 focus-visible:outline-2 focus-visible:outline-rose-500 disabled:opacity-50" aria-label={t('orders-buy:cart.remove_item', { name: line.product.name })}>
                        <Icon name="close" className="size-4" />
                        <span className="hidden sm:inline">{t('orders-buy:common.remove')}</span>
                      </button>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
            <footer className="flex flex-col gap-3 border-t border-slate-100 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-slate-600">
                {t('orders-buy:cart.selected_total')}: <span className="text-base font-bold text-slate-900">{formatRupiah(subtotal)}</span>
              </p>
              <button
                type="button"
                onClick={() => checkout(group.items)}
                disabled={count === 0}
                className="inline-flex h-11 items-center justify-center rounded-xl bg-brand-500 px-5 text-sm font-semibold text-white shadow-sm hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-50"
              >
                {count === 0 ? t('orders-buy:cart.checkout_none') : t('orders-buy:cart.checkout', { count })}
              </button>
            </footer>
          </section>
        );
      })}
    </div>
  );
}
