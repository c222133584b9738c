import { useStore } from '@nanostores/react';
import { useT } from '../../lib/i18n/react.tsx';
import { $popupState, type PopupProps } from '../../lib/stores/popup.ts';
import { buttonClass } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader } from '../ui/Dialog.tsx';

/** After a help question was stored. */
export default function HelpSubmited({ close }: PopupProps) {
  const t = useT();
  const { id } = useStore($popupState);
  return (
    <div data-testid="help-submited">
      <DialogHeader title={t('orders-after:help.done_title')} />
      <DialogBody className="text-sm text-slate-700"><p>{t('orders-after:help.done_text', { id })}</p></DialogBody>
      <DialogActions>
        <button type="button" onClick={close} className={buttonClass({ variant: 'primary' })} data-autofocus>{t('common:ui.ok')}</button>
      </DialogActions>
    </div>
  );
}
