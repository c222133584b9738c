import { Popover, PopoverButton, PopoverPanel, Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { DEFAULT_PRODUCT_IMAGE, type ImageRef } from '../../lib/images.ts';
import type { FavoriteView } from '../../lib/views/index.ts';
import { Icon } from '../Icon.tsx';
import { PanelSync } from './PanelSync.tsx';

/** SPEC §9: the favourites preview shows 6. */
const PREVIEW = 6;
const TABS = [
  { type: 'Product', label: 'market:favourites.tab_products', all: '/dashboard/favorite?type=product', empty: 'market:favourites.empty_products' },
  { type: 'Request', label: 'market:favourites.tab_requests', all: '/dashboard/favorite?type=request', empty: 'market:favourites.empty_requests' },
] as const;
type FavType = (typeof TABS)[number]['type'];

interface Item {
  id: number;
  href: string;
  name: string;
  price: number;
  image: ImageRef | undefined;
}

function toItem(row: FavoriteView): Item | null {
  if (row.product) return { id: row.id, href: `/products/marketplace/${row.product.slug}`, name: row.product.name, price: row.product.price, image: row.product.product_images[0] };
  if (row.request) return { id: row.id, href: `/products/request/${row.request.slug}`, name: row.request.name, price: row.request.price_eta, image: row.request.photos[0] };
  return null;
}

/** The header's favourites dropdown (signed-in users): marketplace and request tabs, the newest six each. */
export function FavouritesMenu() {
  const t = useT();
  return (
    <Popover className="relative">
      {({ open, close }) => (
        <>
          <PanelSync name="favourites" open={open} close={close} />
          <PopoverButton
            aria-label={t('nav.favourites')}
            title={t('nav.favourites')}
            className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 outline-none hover:bg-slate-100 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500 data-open:bg-slate-100 data-open:text-brand-600"
          >
            <Icon name="heart" className="size-6" />
          </PopoverButton>
          <PopoverPanel
            transition
            data-testid="favourites-panel"
            anchor={{ to: 'bottom end', gap: 8 }}
            className="z-40 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white shadow-lg transition duration-100 ease-out data-closed:scale-95 data-closed:opacity-0"
          >
            <FavouritesPanel open={open} />
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
}

/** Keeps the shared 'which header panel' store and this popover in step. */
function FavouritesPanel({ open }: { open: boolean }) {
  const t = useT();
  const [tab, setTab] = useState(0);
  const [items, setItems] = useState<Partial<Record<FavType, Item[]>>>({});
  const [failed, setFailed] = useState(false);
  const current = TABS[tab];

  // Fresh on every opening: hearts elsewhere on the page change the list.
  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setFailed(false);
    api.get('/users/favorites', {
      query: { type: current.type, page: 1, per_page: PREVIEW, orderby: 'created_at', sort: 'desc' },
      signal: controller.signal,
    })
      .then((data) => setItems((prev) => ({ ...prev, [current.type]: data.rows.map(toItem).filter((x): x is Item => x !== null) })))
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, [open, current.type]);

  return (
    <TabGroup selectedIndex={tab} onChange={setTab}>
      <div className="flex items-center justify-between gap-3 px-4 pt-3">
        <p className="text-sm font-semibold text-slate-900">{t('nav.favourites')}</p>
      </div>
      <TabList className="mx-3 mt-2 grid grid-cols-2 gap-1 rounded-lg bg-slate-100 p-1">
        {TABS.map((x) => (
          <Tab key={x.type} className="h-8 rounded-md text-sm font-semibold text-slate-600 outline-none data-focus:ring-2 data-focus:ring-brand-400 data-hover:text-slate-900 data-selected:bg-white data-selected:text-brand-700 data-selected:shadow-xs">
            {t(x.label)}
          </Tab>
        ))}
      </TabList>
      <TabPanels>
        {TABS.map((x) => {
          const list = items[x.type];
          return (
            <TabPanel key={x.type} className="outline-none">
              <div className="max-h-[400px] overflow-y-auto p-1.5">
                {failed ? (
                  <p className="px-3 py-6 text-center text-sm text-slate-500">{t('market:favourites.failed')}</p>
                ) : !list ? (
                  <div role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-slate-500">
                    <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-200 border-t-brand-500" />
                    {t('ui.loading')}
                  </div>
                ) : list.length === 0 ? (
                  <div className="flex flex-col items-center px-4 py-6 text-center">
                    <Icon name="heart" className="size-7 text-slate-300" />
                    <p className="mt-2 text-sm text-slate-500">{t(x.empty)}</p>
                  </div>
                ) : (
                  <ul>
                    {list.map((item) => (
                      <li key={item.id}>
                        <a href={item.href} className="flex items-center gap-3 rounded-lg px-2.5 py-2 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500">
                          <img src={item.image?.src ?? DEFAULT_PRODUCT_IMAGE} srcSet={item.image?.srcset} sizes="48px" alt="" width={48} height={48} loading="lazy" className="size-12 shrink-0 rounded-lg bg-brand-50 object-cover" />
                          <span className="min-w-0 flex-1">
                            <span className="line-clamp-2 text-sm font-medium text-slate-900">{item.name}</span>
                            <span className="text-sm font-bold text-brand-600">{formatRupiah(item.price)}</span>
                          </span>
                        </a>
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            </TabPanel>
          );
        })}
      </TabPanels>
      <div className="border-t border-slate-100 px-4 py-2.5">
        <a href={current.all} className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          {t('market:favourites.see_all')}
          <Icon name="chevronRight" className="size-4" />
        </a>
      </div>
    </TabGroup>
  );
}
