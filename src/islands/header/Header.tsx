import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { useEffect } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { CoreIcon } from '../CoreIcon.tsx';
import { LanguageMenu, MobileMenu, PostMenu, SearchBox } from './HeaderControls.tsx';
import { Logo } from './Logo.tsx';
import { SendToButton } from './SendToButton.tsx';
import { userShortcuts } from './shortcuts.ts';

// What only a signed-in user sees, in a chunk of its own: a guest's header never loads it. The
// server and a signed-in user's page load it with this module, before the header hydrates.
const userMenus = typeof document === 'undefined' || document.documentElement.dataset.session === 'user' ? await import('./UserMenus.tsx') : undefined;

interface Props {
  boot: Boot;
  /** The current search term, to keep it in the box on the results page. */
  search?: string;
}

/** The site header (SPEC §2): one island, hydrated on the first interaction (Base.astro). */
export default function Header({ boot, search }: Props) {
  return (
    <IslandRoot boot={boot} ns={['common']}>
      <HeaderBar search={search} />
    </IslandRoot>
  );
}

function HeaderBar({ search }: { search?: string }) {
  const t = useT();
  const { user, flags } = useSession();
  // Signed-in users get real-time updates: their private channel, once the page is idle.
  useEffect(() => {
    if (user) userMenus?.startLive({ userId: user.id, realtime: flags.realtime, newMessageTitle: t('notifications:new_message') });
  }, [user, flags.realtime, t]);
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-3 lg:px-6">
        <Logo compactOnPhones={!!user} />
        <div className="hidden min-w-0 flex-1 lg:block">
          <SearchBox initial={search} />
        </div>
        <div className="flex-1 lg:hidden" />
        <nav aria-label={t('nav.main')} className="hidden items-center gap-1 lg:flex">
          <a href="/products/marketplace" title={t('nav.marketplace')} className="inline-flex h-10 items-center gap-2 rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500">
            <CoreIcon name="store" />
            <span className="sr-only xl:not-sr-only">{t('nav.marketplace')}</span>
          </a>
          <PostMenu />
        </nav>
        <SendToButton />
        <div className="hidden lg:block">
          <LanguageMenu />
        </div>
        {user && userMenus ? (
          <>
            <ul className="hidden items-center lg:flex" aria-label={t('nav.shortcuts')}>
              {userShortcuts.map((s) =>
                s.href === '/dashboard/favorite' ? (
                  <li key={s.href}>
                    <userMenus.FavouritesMenu />
                  </li>
                ) : s.href === '/cart' ? (
                  <li key={s.href}>
                    <userMenus.CartMenu />
                  </li>
                ) : s.href === '/dashboard/notification' ? (
                  <li key={s.href}>
                    <userMenus.NotificationsMenu />
                  </li>
                ) : s.href === '/dashboard/chat' ? (
                  <li key={s.href}>
                    <userMenus.ChatMenu />
                  </li>
                ) : (
                  <li key={s.href}>
                    <a href={s.href} title={t(s.label)} aria-label={t(s.label)} className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500">
                      <CoreIcon name={s.icon} className="size-6" />
                    </a>
                  </li>
                ),
              )}
            </ul>
            <div className="flex lg:hidden">
              <userMenus.NotificationsMenu />
              <userMenus.ChatMenu />
              <userMenus.CartMenu />
            </div>
            <userMenus.AccountMenu user={user} />
          </>
        ) : (
          <a href="/login" className="inline-flex h-10 shrink-0 items-center rounded-lg bg-brand-500 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
            {t('nav.login')}
          </a>
        )}
        <div className="lg:hidden">
          <MobileMenu />
        </div>
      </div>
      <div className="border-t border-slate-100 px-4 py-2 lg:hidden">
        <SearchBox initial={search} />
      </div>
    </header>
  );
}
