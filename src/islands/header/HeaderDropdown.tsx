import { Popover, PopoverButton, PopoverPanel } from '@headlessui/react';
import type { ReactNode } from 'react';
import type { IconName } from '../../lib/icons.ts';
import { Icon } from '../Icon.tsx';
import type { HeaderPanel } from './panel.ts';
import { PanelSync } from './PanelSync.tsx';

/**
 * A header icon that opens a dropdown panel (cart, notifications): the icon with a count badge,
 * and the panel, kept in step with the other header panels. `children` renders the panel's
 * content and learns whether it is open (to refetch then).
 */
export function HeaderDropdown({
  name,
  icon,
  label,
  title,
  count,
  testId,
  children,
}: {
  name: Exclude<HeaderPanel, null>;
  icon: IconName;
  /** The button's accessible name (with the count when there is one). */
  label: string;
  title: string;
  count: number;
  testId: string;
  children: (open: boolean) => ReactNode;
}) {
  return (
    <Popover className="relative">
      {({ open, close }) => (
        <>
          <PanelSync name={name} open={open} close={close} />
          <PopoverButton
            aria-label={label}
            title={title}
            data-testid={`${testId}-menu`}
            className="relative inline-flex size-10 items-center justify-center rounded-full text-slate-600 outline-none hover:bg-slate-100 hover:text-brand-600 focus-visible:outline-2 focus-visible:outline-brand-500 data-open:bg-slate-100 data-open:text-brand-600"
          >
            <Icon name={icon} className="size-6" />
            {count > 0 && (
              <span aria-hidden="true" data-testid={`${testId}-count`} className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-rose-600 px-1 text-[11px] font-bold text-white">
                {count > 99 ? '99+' : count}
              </span>
            )}
          </PopoverButton>
          <PopoverPanel
            transition
            data-testid={`${testId}-panel`}
            anchor={{ to: 'bottom end', gap: 8 }}
            className="z-40 w-[min(24rem,calc(100vw-1rem))] rounded-xl border border-slate-200 bg-white shadow-lg transition duration-100 ease-out data-closed:scale-95 data-closed:opacity-0"
          >
            {children(open)}
          </PopoverPanel>
        </>
      )}
    </Popover>
  );
}
