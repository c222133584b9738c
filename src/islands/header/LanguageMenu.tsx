import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { locales } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { languageNames, switchLocale } from './locale.ts';
import { headerButton, menuItem, menuPanel } from './menuStyles.ts';

export function LanguageMenu() {
  const t = useT();
  const { locale } = useSession();
  return (
    <Menu>
      <MenuButton className={headerButton} aria-label={t('nav.language_current', { language: languageNames[locale], code: locale.toUpperCase() })}>
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
