import { CloseButton, Popover, PopoverBackdrop, PopoverButton, PopoverPanel } from '@headlessui/react';
import { locales } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { Avatar } from '../Avatar.tsx';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { useOpenOnMount, type OnDemandProps } from '../ui/on-demand.tsx';
import { languageNames, switchLocale } from './locale.ts';
import { logout } from './logout.ts';
import { mobileMenuButton } from './menuStyles.ts';
import { accountLinks, postLinks, userShortcuts } from './shortcuts.ts';

const row = 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500';
const heading = 'px-3 pt-3 pb-1 text-xs font-semibold tracking-wide text-slate-400 uppercase';

/** Phones and tablets: everything the desktop header row holds, in one panel under the header. Loaded on first use (HeaderControls.tsx). */
export function MobileMenu({ autoOpen }: OnDemandProps) {
  const t = useT();
  const button = useOpenOnMount<HTMLButtonElement>(autoOpen);
  const { user, locale } = useSession();
  return (
    <Popover>
      {({ open }) => (
        <>
          <PopoverButton ref={button} aria-label={open ? t('nav.close_menu') : t('nav.menu')} className={mobileMenuButton}>
            <Icon name={open ? 'close' : 'menu'} className="size-6" />
          </PopoverButton>
          <PopoverBackdrop transition className="fixed inset-0 top-16 z-30 bg-slate-900/30 transition-opacity data-closed:opacity-0" />
          <PopoverPanel transition className="fixed inset-x-0 top-16 z-40 max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-slate-200 bg-white px-3 pb-4 shadow-lg transition data-closed:-translate-y-2 data-closed:opacity-0">
            <nav aria-label={t('nav.main')} className="mx-auto max-w-lg">
              {user && (
                <div className="flex items-center gap-3 px-3 pt-4 pb-2">
                  <Avatar name={user.name} photo={user.photo_profile} className="size-10 text-sm" />
                  <div className="min-w-0">
                    <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
                    <p className="truncate text-xs text-slate-500">@{user.username}</p>
                  </div>
                </div>
              )}
              <p className={heading}>{t('nav.explore')}</p>
              <CloseButton as="a" href="/products/marketplace" className={row}>
                <Icon name="store" className="size-5 text-slate-400" />
                {t('nav.marketplace')}
              </CloseButton>
              {postLinks.map((link) => (
                <CloseButton as="a" key={link.href} href={link.href} className={row}>
                  <Icon name={link.icon} className="size-5 text-slate-400" />
                  {t(link.label)}
                </CloseButton>
              ))}
              {user && (
                <>
                  <p className={heading}>{t('nav.my_titipan')}</p>
                  {[...accountLinks.slice(0, 3), ...userShortcuts, accountLinks[3]].map((link) => (
                    <CloseButton as="a" key={link.href} href={link.href} className={row}>
                      <Icon name={link.icon} className="size-5 text-slate-400" />
                      {t(link.label)}
                    </CloseButton>
                  ))}
                </>
              )}
              <p className={heading}>{t('nav.language')}</p>
              <div className="grid grid-cols-2 gap-2 px-3 py-1">
                {locales.map((l) => (
                  <button
                    key={l}
                    type="button"
                    lang={l}
                    aria-pressed={l === locale}
                    onClick={() => l !== locale && switchLocale(l)}
                    className="rounded-lg border border-slate-200 px-3 py-2 text-sm font-medium text-slate-700 aria-pressed:border-brand-500 aria-pressed:bg-brand-50 aria-pressed:text-brand-700"
                  >
                    {languageNames[l]}
                  </button>
                ))}
              </div>
              <div className="mt-3 border-t border-slate-100 px-3 pt-3">
                {user ? (
                  <button type="button" onClick={() => void logout()} className={`${row} -mx-3 w-[calc(100%+1.5rem)]`}>
                    <Icon name="logout" className="size-5 text-slate-400" />
                    {t('nav.logout')}
                  </button>
                ) : (
                  <a href="/login" className="flex h-11 w-full items-center justify-center rounded-lg bg-brand-500 text-sm font-semibold text-white hover:bg-brand-600">
                    {t('nav.login')}
                  </a>
                )}
              </div>
            </nav>
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
}
