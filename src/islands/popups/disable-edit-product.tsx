import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { PIcon } from '../posting/icons.tsx';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader } from '../ui/Dialog.tsx';

/** A product with active orders cannot be edited or deleted (the API answers 409): why, and OK. */
export default function DisableEditProduct({ close }: PopupProps) {
  const t = useT();
  return (
    <div>
      <DialogHeader icon={<PIcon name="lock" />} tone="warning" title={t('posting:locked.title')} />
      <DialogBody>
        <p className="text-sm leading-6 text-slate-600">{t('posting:locked.text')}</p>
      </DialogBody>
      <DialogActions>
        <Button onClick={close} data-autofocus>
          {t('posting:locked.ok')}
        </Button>
      </DialogActions>
    </div>
  );
}
