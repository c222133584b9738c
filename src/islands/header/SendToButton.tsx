import { useT } from '../../lib/i18n/react.tsx';
import { openPopup } from '../../lib/stores/popup.ts';
import { CoreIcon } from '../CoreIcon.tsx';
import { useSession } from '../IslandRoot.tsx';

/** 'Send to' with the chosen country's flag; opens the location popup. */
export function SendToButton() {
  const t = useT();
  const { location } = useSession();
  const label = location ? t('nav.send_to_country', { country: location.name }) : t('nav.send_to_choose');
  return (
    <button
      type="button"
      onClick={() => openPopup('location')}
      aria-label={label}
      title={label}
      data-testid="send-to"
      className="inline-flex h-10 shrink-0 items-center gap-2 rounded-lg px-2 text-left text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500"
    >
      {location ? (
        <img src={location.flag_image} alt="" width={28} height={21} className="h-[21px] w-7 rounded-[3px] object-cover ring-1 ring-slate-200" />
      ) : (
        <CoreIcon name="globe" className="size-6 text-slate-500" />
      )}
      <span className="hidden flex-col leading-tight xl:flex">
        <span className="text-[11px] text-slate-500">{t('nav.send_to')}</span>{' '}
        <span className="max-w-28 truncate text-sm font-medium text-slate-900">{location ? location.name : t('nav.send_to_pick')}</span>
      </span>
    </button>
  );
}
