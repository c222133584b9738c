import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { $tripCancelFailure } from '../trips/cancel-failure.ts';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader } from '../ui/Dialog.tsx';

/** The trip could not be cancelled: the server's reason (an open shipping, refund or appeal). */
export default function TripCancelFailedPopup({ close }: PopupProps) {
  const t = useT();
  const reason = useStore($tripCancelFailure);
  return (
    <div data-testid="trip-cancel-failed">
      <DialogHeader icon={<Icon name="alertCircle" className="size-6" />} tone="warning" title={t('trips:failed.title')} />
      <DialogBody className="space-y-2 text-sm leading-6 text-slate-700">
        {reason && <p className="font-medium text-slate-900">{reason}</p>}
        <p>{t('trips:failed.text')}</p>
      </DialogBody>
      <DialogActions>
        <Button onClick={close} className="sm:min-w-28" data-autofocus>
          {t('trips:failed.ok')}
        </Button>
      </DialogActions>
    </div>
  );
}
