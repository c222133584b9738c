import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { $popup, closePopup } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { IslandRoot } from '../IslandRoot.tsx';

/**
 * Where every popup opens (`openPopup(name)`). Until the first one opens this renders nothing
 * and loads nothing more: the dialog, the list of popups and each popup's code come then
 * (PopupHost.tsx).
 */
export default function PopupContainer({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot} ns={['common']}>
      <Popups />
    </IslandRoot>
  );
}

let failedMessage = '';
const PopupHost = lazy<ComponentType>(() =>
  import('./PopupHost.tsx').catch((error: unknown) => {
    console.error('the popups failed to load', error);
    toast.error(failedMessage);
    closePopup();
    return { default: () => null };
  }),
);

function Popups() {
  const t = useT();
  failedMessage = t('popup.failed');
  const { name } = useStore($popup);
  const [opened, setOpened] = useState(Boolean(name));
  useEffect(() => {
    if (name) setOpened(true);
  }, [name]);
  if (!opened && !name) return null;
  return (
    <Suspense fallback={null}>
      <PopupHost />
    </Suspense>
  );
}
