import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { DialogActions as PopupActions, DialogBody as PopupBody, DialogHeader as PopupHeader } from '../ui/Dialog.tsx';
import { buttonClass } from '../ui/Button.tsx';
const primaryButton = buttonClass({ variant: 'primary' });
const secondaryButton = buttonClass({ variant: 'secondary' });

/** The request is held by another traveller (the take or offer answered 409). */
export default function RequestTakenPopup({ close }: PopupProps) {
  const t = useT();
  return (
    <div data-testid="request-taken">
      <PopupHeader title={t('orders-deal:popup.taken_title')} />
      <PopupBody className="text-sm leading-6 text-slate-700">{t('orders-deal:popup.taken_body')}</PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={secondaryButton}>
          {t('orders-deal:popup.close')}
        </button>
        <a href="/products/request" className={primaryButton} data-autofocus>
          {t('orders-deal:popup.find_more')}
        </a>
      </PopupActions>
    </div>
  );
}
