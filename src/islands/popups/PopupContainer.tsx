import { Dialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { Component, lazy, Suspense, useEffect, useState, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { $popup, closePopup, type PopupName } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { Icon } from '../Icon.tsx';
import { IslandRoot } from '../IslandRoot.tsx';
import { Spinner, type PopupProps } from './PopupParts.tsx';

type PopupModule = { default: ComponentType<PopupProps> };

// One chunk per popup, loaded the first time it opens. Lower-case file name = popup name.
const loaders = import.meta.glob<PopupModule>('./[a-z]*.tsx');
const cache = new Map<PopupName, LazyExoticComponent<ComponentType<PopupProps>>>();

function popupComponent(name: PopupName) {
  let component = cache.get(name);
  const load = loaders[`./${name}.tsx`];
  if (!component && load) {
    component = lazy(load);
    cache.set(name, component);
  }
  return component;
}

export default function PopupContainer({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Popups />
    </IslandRoot>
  );
}

function Popups() {
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
    <Dialog open={Boolean(name && Popup)} onClose={closePopup} className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto sm:items-center sm:p-4">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <DialogPanel
        transition
        data-popup={current ?? undefined}
        className="relative w-full rounded-t-2xl bg-white shadow-xl transition duration-150 ease-out data-closed:translate-y-4 data-closed:opacity-0 sm:max-w-md sm:rounded-2xl"
      >
        <button type="button" onClick={closePopup} aria-label={t('popup.close')} className="absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-full text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500">
          <Icon name="close" />
        </button>
        <PopupErrorBoundary key={current} name={current} message={t('popup.failed')}>
          <Suspense fallback={<Spinner label={t('popup.loading')} />}>{Popup && <Popup close={closePopup} />}</Suspense>
        </PopupErrorBoundary>
      </DialogPanel>
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
