import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from '@headlessui/react';
import { useT } from '../../lib/i18n/react.tsx';
import type { Profile } from '../../lib/schemas/auth.ts';
import { Avatar } from '../Avatar.tsx';
import { Icon } from '../Icon.tsx';
import { accountLinks } from './shortcuts.ts';
import { logout } from './logout.ts';
import { menuItem, menuPanel } from './menuStyles.ts';

/** The profile picture links to the purchases dashboard; the chevron beside it opens the account menu. */
export function AccountMenu({ user }: { user: Profile }) {
  const t = useT();
  return (
    <div className="flex shrink-0 items-center">
      <a href="/dashboard/purchase" aria-label={t('nav.my_account', { name: user.name })} title={user.name} className="rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500">
        <Avatar name={user.name} photo={user.photo_profile} />
      </a>
      <Menu>
        <MenuButton aria-label={t('nav.account_menu')} className="hidden size-8 items-center justify-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-500 data-open:bg-slate-100 lg:inline-flex">
          <Icon name="chevronDown" className="size-4" />
        </MenuButton>
        <MenuItems transition anchor="bottom end" className={menuPanel}>
          <div className="px-3 py-2">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">@{user.username}</p>
          </div>
          <MenuSeparator className="my-1 h-px bg-slate-100" />
          {accountLinks.map((link) => (
            <MenuItem key={link.href}>
              <a href={link.href} className={menuItem}>
                <Icon name={link.icon} className="size-5 text-slate-400" />
                {t(link.label)}
              </a>
            </MenuItem>
          ))}
          <MenuSeparator className="my-1 h-px bg-slate-100" />
          <MenuItem>
            <button type="button" onClick={() => void logout()} className={menuItem}>
              <Icon name="logout" className="size-5 text-slate-400" />
              {t('nav.logout')}
            </button>
          </MenuItem>
        </MenuItems>
      </Menu>
    </div>
  );
}
