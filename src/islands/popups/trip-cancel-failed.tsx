import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.tsx';
import { Icon } from '../Icon.tsx';
import { $tripCancelFailure } from '../trips/cancel-failure.ts';
import { PopupActions, PopupBody, PopupHeader, primaryButton, type PopupProps } from './PopupParts.tsx';

/** The trip could not be cancelled: the server's reason (an open shipping, refund or appeal). */
export default function TripCancelFailedPopup({ close }: PopupProps) {
  const t = useT();
  const reason = useStore($tripCancelFailure);
  return (
    <div data-testid="trip-cancel-failed">
      <div className="flex justify-center pt-6">
        <span className="flex size-12 items-center justify-center rounded-full bg-amber-100 text-amber-600">
          <Icon name="alertCircle" className="size-7" />
        </span>
      </div>
      <PopupHeader title={<span className="block text-center">{t('trips:failed.title')}</span>} />
      <PopupBody className="space-y-2 text-center text-sm leading-6 text-slate-700">
        {reason && <p className="font-medium text-slate-900">{reason}</p>}
        <p>{t('trips:failed.text')}</p>
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={`${primaryButton} sm:min-w-28`} data-autofocus>
          {t('trips:failed.ok')}
        </button>
      </PopupActions>
    </div>
  );
}
