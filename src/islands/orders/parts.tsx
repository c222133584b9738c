import type { ReactNode } from 'react';
import { formatDate } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { ProductTrip } from '../../lib/views/catalogue.ts';
import { Avatar } from '../Avatar.tsx';
import type { IconName } from '../../lib/icons.ts';
import { Icon } from '../Icon.tsx';
import { Button } from '../ui/Button.tsx';
import { useSession } from '../IslandRoot.tsx';

/** The head of one trip's group (cart, checkout): the traveller and the route with its arrival. */
export function TripHeader({ traveller, trip, className }: { traveller: { name: string; photo: string | null }; trip: ProductTrip; className: string }) {
  const t = useT();
  const { locale } = useSession();
  return (
    <header className={`flex items-center gap-3 border-b border-slate-100 ${className}`}>
      <Avatar name={traveller.name} photo={traveller.photo} className="size-9 text-sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900">{t('orders-buy:cart.trip_of', { name: traveller.name })}</p>
        <p className="text-xs text-slate-500">
          {trip.origin_city.name} → {trip.destination_city.name} · {t('card.arrives', { date: formatDate(trip.arrival_date, locale) })}
        </p>
      </div>
    </header>
  );
}

/** The page's main action (Place order, Pay): full width, a spinner while busy. */
export function MainAction({ onClick, busy, children }: { onClick: () => void; busy: boolean; children: ReactNode }) {
  return (
    <Button size="lg" block loading={busy} onClick={onClick} className="mt-4">
      {children}
    </Button>
  );
}

/** One choice in a select-* popup: icon, label, an optional price and the selected tick. */
export function ChoiceButton({ icon, label, extra, selected, onClick }: { icon: IconName; label: string; extra?: ReactNode; selected: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-current={selected ? 'true' : undefined}
      className={`flex w-full items-center gap-3 rounded-xl border px-3.5 py-3 text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${selected ? 'border-brand-400 bg-brand-50 ring-1 ring-brand-400' : 'border-slate-200 hover:border-brand-300 hover:bg-slate-50'}`}
    >
      <Icon name={icon} className="size-5 shrink-0 text-slate-400" />
      <span className="min-w-0 flex-1 text-sm font-semibold text-slate-900">{label}</span>
      {extra}
      {selected && <Icon name="checkCircle" className="size-5 text-brand-600" />}
    </button>
  );
}
