import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { locales } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { useOpenOnMount, type OnDemandProps } from '../ui/on-demand.tsx';
import { languageNames, switchLocale } from './locale.ts';
import { headerButton, menuItem, menuPanel } from './menuStyles.ts';

/** The language switch; loaded on first use (HeaderControls.tsx). */
export function LanguageMenu({ autoOpen }: OnDemandProps) {
  const t = useT();
  const button = useOpenOnMount<HTMLButtonElement>(autoOpen);
  const { locale } = useSession();
  return (
    <Menu>
      <MenuButton ref={button} className={headerButton} aria-label={t('nav.language_current', { language: languageNames[locale], code: locale.toUpperCase() })}>
        <Icon name="language" />
        <span className="uppercase">{locale}</span>
        <Icon name="chevronDown" className="size-4" />
      </MenuButton>
      <MenuItems transition anchor="bottom end" className={menuPanel}>
        {locales.map((l) => (
          <MenuItem key={l}>
            <button type="button" lang={l} className={menuItem} aria-current={l === locale ? 'true' : undefined} onClick={() => l !== locale && switchLocale(l)}>
              <span className="w-6 text-xs font-semibold text-slate-400 uppercase">{l}</span>
              <span className="flex-1">{languageNames[l]}</span>
              {l === locale && <Icon name="check" className="size-4 text-brand-600" />}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
