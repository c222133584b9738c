import { Combobox, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Suggestions } from '../../lib/views/index.ts';
import { Avatar } from '../Avatar.tsx';
import { Icon } from '../Icon.tsx';
import type { OnDemandProps } from '../ui/on-demand.tsx';
import { searchInputProps } from './menuStyles.ts';
import { $headerPanel } from './panel.ts';

type Group = 'marketplace' | 'request' | 'user';
interface Option {
  key: string;
  href: string;
}

/** SPEC §9: typing waits 200 ms before fetching. */
const FETCH_DELAY_MS = 200;
const groupPage: Record<Group, string> = { marketplace: '/products/marketplace', request: '/products/request', user: '/products/user' };

/** Where Enter goes: the first group with results, as a search page (SPEC §2). */
function searchHref(key: string, found: Suggestions | null): string {
  const group: Group = found?.marketplaces.length ? 'marketplace' : found?.requests.length ? 'request' : 'user';
  return `${groupPage[group]}?search=${encodeURIComponent(key)}`;
}

/** The plain search box's text, when it has the focus (the visitor typed while this loaded). */
function typedSoFar(): string | undefined {
  const el = document.activeElement;
  return el instanceof HTMLInputElement && el.type === 'search' ? el.value : undefined;
}

/**
 * The header search: a plain GET form to the results page (works without JavaScript), enhanced
 * into a combobox of suggestions grouped as marketplace, requests and users, each with 'see all'.
 */
export function SearchBox({ initial, autoOpen }: { initial?: string } & OnDemandProps) {
  const t = useT();
  const panel = useStore($headerPanel);
  // Loaded by focusing the plain box (HeaderControls.tsx), still on screen: what was typed there carries over.
  const [query, setQuery] = useState(() => (autoOpen ? typedSoFar() : undefined) ?? initial ?? '');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const el = input.current;
    if (!autoOpen || !el) return;
    el.focus();
    el.setSelectionRange(el.value.length, el.value.length);
    $headerPanel.set('search');
  }, [autoOpen]);
  const [found, setFound] = useState<{ key: string; data: Suggestions } | null>(null);
  const [loading, setLoading] = useState(false);
  const active = useRef<Option | null>(null);
  // Headless UI marks the first option active as the list opens; until the user moves through
  // the list (keys or pointer), Enter searches instead of opening that first suggestion.
  const [navigated, setNavigated] = useState(false);
  const navigatedRef = useRef(false);
  const markNavigated = (on: boolean) => {
    navigatedRef.current = on;
    setNavigated(on);
  };
  const key = query.trim();

  useEffect(() => {
    if (!key) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      api.get('/misc/suggestions', { query: { key }, signal: controller.signal })
        .then((data) => setFound({ key, data }))
        .catch((err: Error) => {
          if (err.name !== 'AbortError') console.error('suggestions failed', err);
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, FETCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  async function submit() {
    if (!key) return;
    let data = found?.key === key ? found.data : null;
    if (!data) {
      try {
        data = await api.get('/misc/suggestions', { query: { key } });
      } catch {
        data = null; // the results page still answers
      }
    }
    window.location.assign(searchHref(key, data));
  }

  // Enter with no highlighted option submits the search (Headless UI would only close the list).
  function onKeyDownCapture(e: KeyboardEvent) {
    if (e.key === 'ArrowDown' && !navigatedRef.current && active.current && (e.target as HTMLElement).getAttribute('aria-expanded') === 'true') {
      // The first option is already active (only not shown as such): the first ArrowDown shows it.
      e.preventDefault();
      e.stopPropagation();
      markNavigated(true);
      return;
    }
    if (['ArrowDown', 'ArrowUp', 'Home', 'End', 'PageDown', 'PageUp'].includes(e.key)) markNavigated(true);
    if (e.key !== 'Enter' || e.nativeEvent.isComposing || (active.current && navigatedRef.current)) return;
    e.preventDefault();
    e.stopPropagation();
    void submit();
  }

  const data = found && (found.key === key || loading) ? found.data : null;
  const empty = data && !data.marketplaces.length && !data.requests.length && !data.users.length;
  const show = Boolean(key) && panel === 'search' && (data || loading);
  const q = encodeURIComponent(key);

  const heading = 'px-3 pt-2.5 pb-1 text-[11px] font-semibold tracking-wide text-slate-400 uppercase';
  const focus = navigated ? 'data-focus:bg-brand-50 data-focus:text-brand-800' : '';
  const option = `flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm text-slate-700 ${focus}`;
  const seeAll = `flex cursor-pointer items-center gap-1 rounded-lg px-3 py-1.5 text-xs font-semibold text-brand-700 ${focus}`;

  return (
    <form
      role="search"
      action="/products/user"
      method="get"
      className="relative w-full"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      onKeyDownCapture={onKeyDownCapture}
    >
      <Combobox<Option | null>
        value={null}
        immediate
        onChange={(opt) => {
          if (opt) window.location.assign(opt.href);
        }}
        onClose={() => {
          if ($headerPanel.get() === 'search') $headerPanel.set(null);
        }}
      >
        {({ activeOption }) => {
          active.current = activeOption;
          return (
            <>
              <label className="block">
                <span className="sr-only">{t('nav.search_label')}</span>
                <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
                <ComboboxInput
                  ref={input}
                  {...searchInputProps(t('nav.search_placeholder'))}
                  defaultValue={query}
                  displayValue={() => query}
                  onChange={(e) => {
                    setQuery(e.target.value);
                    markNavigated(false);
                    $headerPanel.set('search');
                  }}
                  onFocus={() => $headerPanel.set('search')}
                />
              </label>
              {show && (
                <ComboboxOptions
                  modal={false}
                  onPointerMove={() => navigatedRef.current || markNavigated(true)}
                  anchor={{ to: 'bottom start', gap: 8 }}
                  className="z-40 max-h-[min(32rem,calc(100dvh-6rem))] w-[max(var(--input-width),22rem)] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg empty:invisible"
                >
                  {!data && loading && (
                    <div role="status" className="px-3 py-3 text-sm text-slate-500">
                      {t('market:suggest.searching')}
                    </div>
                  )}
                  {empty && (
                    <div role="status" className="px-3 py-3 text-sm text-slate-500">
                      {t('market:suggest.not_found', { search: key })}
                    </div>
                  )}
                  {data && data.marketplaces.length > 0 && (
                    <div role="group" aria-label={t('market:suggest.marketplace')}>
                      <div className={heading} aria-hidden="true">
                        {t('market:suggest.marketplace')}
                      </div>
                      {data.marketplaces.map((p) => (
                        <ComboboxOption key={`p${p.id}`} value={{ key: `p${p.id}`, href: `/products/marketplace/${p.slug}` }} className={option}>
                          <Icon name="store" className="size-4 shrink-0 text-slate-400" />
                          <span className="min-w-0 flex-1 truncate">{p.name}</span>
                          <span className="shrink-0 text-xs font-semibold text-brand-600">{formatRupiah(p.price)}</span>
                        </ComboboxOption>
                      ))}
                      <ComboboxOption value={{ key: 'all-p', href: `${groupPage.marketplace}?search=${q}` }} className={seeAll}>
                        {t('market:suggest.see_all_marketplace')}
                        <Icon name="chevronRight" className="size-3.5" />
                      </ComboboxOption>
                    </div>
                  )}
                  {data && data.requests.length > 0 && (
                    <div role="group" aria-label={t('market:suggest.requests')} className="border-t border-slate-100 first:border-0">
                      <div className={heading} aria-hidden="true">
                        {t('market:suggest.requests')}
                      </div>
                      {data.requests.map((r) => (
                        <ComboboxOption key={`r${r.id}`} value={{ key: `r${r.id}`, href: `/products/request/${r.slug}` }} className={option}>
                          <Icon name="bag" className="size-4 shrink-0 text-slate-400" />
                          <span className="min-w-0 flex-1 truncate">{r.name}</span>
                          <span className="shrink-0 text-xs font-semibold text-brand-600">{formatRupiah(r.price_eta)}</span>
                        </ComboboxOption>
                      ))}
                      <ComboboxOption value={{ key: 'all-r', href: `${groupPage.request}?search=${q}` }} className={seeAll}>
                        {t('market:suggest.see_all_requests')}
                        <Icon name="chevronRight" className="size-3.5" />
                      </ComboboxOption>
                    </div>
                  )}
                  {data && data.users.length > 0 && (
                    <div role="group" aria-label={t('market:suggest.users')} className="border-t border-slate-100 first:border-0">
                      <div className={heading} aria-hidden="true">
                        {t('market:suggest.users')}
                      </div>
                      {data.users.map((u) => (
                        <ComboboxOption key={`u${u.id}`} value={{ key: `u${u.id}`, href: `/products/user/marketplace/${u.id}` }} className={option}>
                          <Avatar name={u.name} photo={u.photo_profile} className="size-6 text-[10px]" />
                          <span className="min-w-0 flex-1 truncate">
                            {u.name} <span className="text-slate-400">@{u.username}</span>
                          </span>
                        </ComboboxOption>
                      ))}
                      <ComboboxOption value={{ key: 'all-u', href: `${groupPage.user}?search=${q}` }} className={seeAll}>
                        {t('market:suggest.see_all_users')}
                        <Icon name="chevronRight" className="size-3.5" />
                      </ComboboxOption>
                    </div>
                  )}
                </ComboboxOptions>
              )}
            </>
          );
        }}
      </Combobox>
    </form>
  );
}
