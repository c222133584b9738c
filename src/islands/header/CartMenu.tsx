import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { DEFAULT_PRODUCT_IMAGE } from '../../lib/images.ts';
import { Icon } from '../Icon.tsx';
import { $cart, cartCount, refreshCart } from '../orders/cart-store.ts';
import { HeaderDropdown } from './HeaderDropdown.tsx';

/** The header's cart dropdown (signed-in users): how many items, the lines, a link to /cart. */
export function CartMenu() {
  const t = useT();
  const lines = useStore($cart);
  const count = cartCount(lines);
  useEffect(() => {
    refreshCart().catch(() => undefined);
  }, []);
  const label = count > 0 ? t('orders-buy:cart.menu_count', { count }) : t('nav.cart');
  return (
    <HeaderDropdown name="cart" icon="cart" label={label} title={t('nav.cart')} count={count} testId="cart">
      {(open) => <CartPanel open={open} />}
    </HeaderDropdown>
  );
}

function CartPanel({ open }: { open: boolean }) {
  const t = useT();
  const lines = useStore($cart);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    setFailed(false);
    refreshCart().catch(() => setFailed(true));
  }, [open]);
  const count = cartCount(lines);
  return (
    <div>
      <p className="px-4 pt-3 text-sm font-semibold text-slate-900">
        {t('nav.cart')} {lines && <span className="font-normal text-slate-500">({t('orders-buy:cart.items', { count })})</span>}
      </p>
      <div className="max-h-[400px] overflow-y-auto p-1.5">
        {failed ? (
          <p className="px-3 py-6 text-center text-sm text-slate-500">{t('orders-buy:cart.failed')}</p>
        ) : !lines ? (
          <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500">
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-200 border-t-brand-500" />
            {t('popup.loading')}
          </div>
        ) : lines.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-6 text-center">
            <Icon name="cart" className="size-7 text-slate-300" />
            <p className="mt-2 text-sm text-slate-500">{t('orders-buy:cart.empty')}</p>
          </div>
        ) : (
          <ul>
            {lines.map((line) => (
              <li key={line.id}>
                <a href={`/products/marketplace/${line.product.slug}`} className="flex items-center gap-3 rounded-lg px-2.5 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500">
                  <img src={line.product.product_images[0]?.src ?? DEFAULT_PRODUCT_IMAGE} alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-lg bg-brand-50 object-cover" />
                  <span className="min-w-0 flex-1">
                    <span className="line-clamp-2 text-sm font-medium text-slate-900">{line.product.name}</span>
                    <span className="text-sm text-slate-600">
                      {line.quantity} × <span className="font-bold text-brand-600">{formatRupiah(line.product.price)}</span>
                    </span>
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className="border-t border-slate-100 px-4 py-2.5">
        <a href="/cart" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          {t('orders-buy:cart.open')}
          <Icon name="chevronRight" className="size-4" />
        </a>
      </div>
    </div>
  );
}
