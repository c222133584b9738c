import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { DialogActions as PopupActions, DialogBody as PopupBody, DialogHeader as PopupHeader } from '../ui/Dialog.tsx';
import { buttonClass } from '../ui/Button.tsx';
const primaryButton = buttonClass({ variant: 'primary' });
const secondaryButton = buttonClass({ variant: 'secondary' });
import { dangerButton } from './DealParts.tsx';

/** A yes/no step of the dealing flow. */
export function ConfirmPopup(props: { testId: string; title: string; body: ReactNode; confirm: string; danger?: boolean; busy?: boolean; onConfirm: () => void; close: () => void }) {
  const t = useT();
  return (
    <div data-testid={props.testId}>
      <PopupHeader title={props.title} />
      <PopupBody className="text-sm leading-6 text-slate-700">{props.body}</PopupBody>
      <PopupActions>
        <button type="button" onClick={props.close} disabled={props.busy} className={secondaryButton} data-autofocus>
          {t('orders-deal:popup.keep')}
        </button>
        <button type="button" onClick={props.onConfirm} disabled={props.busy} className={props.danger ? dangerButton : primaryButton}>
          {props.busy ? t('orders-deal:action.working') : props.confirm}
        </button>
      </PopupActions>
    </div>
  );
}
