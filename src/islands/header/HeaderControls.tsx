import { loadNamespaces } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { CoreIcon } from '../CoreIcon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { onDemand } from '../ui/on-demand.tsx';
import { languageNames } from './locale.ts';
import { headerButton, mobileMenuButton, postButton, searchInputProps } from './menuStyles.ts';

/**
 * The header's menus and search as a guest first sees them: plain buttons and a plain search
 * form (server HTML, the same look), with Headless UI and its positioning code loaded only when
 * one is opened (ui/on-demand.tsx), so hydrating the header stays light.
 */
const RealPostMenu = onDemand(() => import('./PostMenu.tsx').then((m) => m.PostMenu));
const RealLanguageMenu = onDemand(() => import('./LanguageMenu.tsx').then((m) => m.LanguageMenu));
const RealMobileMenu = onDemand(() => import('./MobileMenu.tsx').then((m) => m.MobileMenu));
// The suggestions' headings and messages are in the market dictionary.
const RealSearchBox = onDemand(() => Promise.all([import('./SearchBox.tsx'), loadNamespaces(['market'])]).then(([m]) => m.SearchBox));

export function PostMenu() {
  const t = useT();
  return (
    <RealPostMenu
      placeholder={({ warm, activate }) => (
        <button type="button" aria-haspopup="menu" aria-expanded="false" className={postButton} onPointerDown={warm} onFocus={warm} onClick={activate}>
          <CoreIcon name="plus" className="size-4" />
          {t('nav.post')}
          <CoreIcon name="chevronDown" className="size-4" />
        </button>
      )}
    />
  );
}

export function LanguageMenu() {
  const t = useT();
  const { locale } = useSession();
  return (
    <RealLanguageMenu
      placeholder={({ warm, activate }) => (
        <button
          type="button"
          aria-haspopup="menu"
          aria-expanded="false"
          aria-label={t('nav.language_current', { language: languageNames[locale], code: locale.toUpperCase() })}
          className={headerButton}
          onPointerDown={warm}
          onFocus={warm}
          onClick={activate}
        >
          <CoreIcon name="language" />
          <span className="uppercase">{locale}</span>
          <CoreIcon name="chevronDown" className="size-4" />
        </button>
      )}
    />
  );
}

export function MobileMenu() {
  const t = useT();
  return (
    <RealMobileMenu
      placeholder={({ warm, activate }) => (
        <button type="button" aria-expanded="false" aria-label={t('nav.menu')} className={mobileMenuButton} onPointerDown={warm} onFocus={warm} onClick={activate}>
          <CoreIcon name="menu" className="size-6" />
        </button>
      )}
    />
  );
}

/**
 * The search as a plain GET form to the results page until the box is focused; then the
 * suggestions combobox takes over with what was typed and the focus.
 */
export function SearchBox({ initial }: { initial?: string }) {
  const t = useT();
  return (
    <RealSearchBox
      initial={initial}
      placeholder={({ warm, activate }) => (
        <form role="search" action="/products/user" method="get" className="relative w-full" onPointerDown={warm}>
          <label className="block">
            <span className="sr-only">{t('nav.search_label')}</span>
            <CoreIcon name="search" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
            <input {...searchInputProps(t('nav.search_placeholder'))} role="combobox" aria-expanded="false" aria-autocomplete="list" defaultValue={initial} onFocus={activate} />
          </label>
        </form>
      )}
    />
  );
}
