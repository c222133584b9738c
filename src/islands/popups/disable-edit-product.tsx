import { useT } from '../../lib/i18n/react.tsx';
import { IconTitle } from '../posting/icons.tsx';
import { PopupActions, PopupBody, PopupHeader, primaryButton, type PopupProps } from './PopupParts.tsx';

/** A product with active orders cannot be edited or deleted (the API answers 409): why, and OK. */
export default function DisableEditProduct({ close }: PopupProps) {
  const t = useT();
  return (
    <div>
      <PopupHeader title={<IconTitle icon="lock" tone="warning">{t('posting:locked.title')}</IconTitle>} />
      <PopupBody>
        <p className="text-sm leading-6 text-slate-600">{t('posting:locked.text')}</p>
      </PopupBody>
      <PopupActions>
        <button type="button" onClick={close} className={primaryButton} data-autofocus>
          {t('posting:locked.ok')}
        </button>
      </PopupActions>
    </div>
  );
}
