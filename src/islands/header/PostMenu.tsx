import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useT } from '../../lib/i18n/react.tsx';
import { Icon } from '../Icon.tsx';
import { useOpenOnMount, type OnDemandProps } from '../ui/on-demand.tsx';
import { menuItem, menuPanel, postButton } from './menuStyles.ts';
import { postLinks } from './shortcuts.ts';

/** 'Post' dropdown: a new request (buyers) or a new pre-order (travellers). Loaded on first use (HeaderControls.tsx). */
export function PostMenu({ autoOpen }: OnDemandProps) {
  const t = useT();
  const button = useOpenOnMount<HTMLButtonElement>(autoOpen);
  return (
    <Menu>
      <MenuButton ref={button} className={postButton}>
        <Icon name="plus" className="size-4" />
        {t('nav.post')}
        <Icon name="chevronDown" className="size-4" />
      </MenuButton>
      <MenuItems transition anchor="bottom end" className={`${menuPanel} w-72`}>
        {postLinks.map((link) => (
          <MenuItem key={link.href}>
            <a href={link.href} className={`${menuItem} items-start`}>
              <span className="mt-0.5 rounded-lg bg-brand-50 p-1.5 text-brand-600">
                <Icon name={link.icon} />
              </span>
              <span>
                <span className="block font-semibold text-slate-900">{t(link.label)}</span>
                <span className="block text-xs text-slate-500">{t(link.hint)}</span>
              </span>
            </a>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
