import { useStore } from '@nanostores/react';
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { loadNamespaces, namespaces } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { $popup, closePopup, type PopupName, type PopupProps } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Loading } from '../ui/Spinner.tsx';

type PopupModule = { default: ComponentType<PopupProps> };

// One chunk per popup, loaded the first time it opens. Lower-case file name = popup name.
const loaders = import.meta.glob<PopupModule>('./[a-z]*.tsx');
const cache = new Map<PopupName, LazyExoticComponent<ComponentType<PopupProps>>>();

function popupComponent(name: PopupName) {
  let component = cache.get(name);
  const load = loaders[`./${name}.tsx`];
  if (!component && load) {
    // With its code, every dictionary: a popup may show any of them (a guest's page loaded only its own).
    component = lazy(() => Promise.all([load(), loadNamespaces(namespaces)]).then(([module]) => module));
    cache.set(name, component);
  }
  return component;
}

/** The open popup in its dialog (PopupContainer.tsx loads this when the first popup opens). */
export default function Popups() {
  const t = useT();
  const { name } = useStore($popup);
  // Keep the last popup mounted while the dialog fades out.
  const [shown, setShown] = useState<PopupName | null>(name);
  useEffect(() => {
    if (name) setShown(name);
  }, [name]);
  const current = name ?? shown;
  const Popup = current ? popupComponent(current) : undefined;

  useEffect(() => {
    if (name && !popupComponent(name)) {
      console.error(`No popup component for "${name}" (expected src/islands/popups/${name}.tsx)`);
      closePopup();
    }
  }, [name]);

  return (
    <Dialog open={Boolean(name && Popup)} onClose={closePopup} data-popup={current ?? undefined}>
      <PopupErrorBoundary key={current} name={current} message={t('popup.failed')}>
        <Suspense fallback={<Loading label={t('ui.loading')} />}>{Popup && <Popup close={closePopup} />}</Suspense>
      </PopupErrorBoundary>
    </Dialog>
  );
}

/** A popup that fails to load or render closes with a message instead of taking the page down. */
class PopupErrorBoundary extends Component<{ name: PopupName | null; message: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`popup ${this.props.name} failed`, error, info.componentStack);
    if (this.props.name) cache.delete(this.props.name); // a failed chunk is retried on the next open
    toast.error(this.props.message);
    closePopup();
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
