import { lazy, startTransition, useEffect, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';

/** What the real control receives from `onDemand`. */
export interface OnDemandProps {
  /** The visitor's press (or focus) loaded it: open or focus it at once. */
  autoOpen?: boolean;
}

/** How the stand-in starts the real control: `warm` fetches its code, `activate` swaps it in. */
export interface Activators {
  warm: () => void;
  activate: () => void;
}

/**
 * A control whose implementation (a Headless UI menu, popover or combobox, with its positioning
 * code) is downloaded when the visitor first uses it, not when the island hydrates. Until then
 * the stand-in `placeholder` renders: the same look, plain server HTML. A pointer pressing
 * it or a focus starts the download (`warm`; not a mere hover: a pointer crossing the header
 * should not fetch every menu); the click (`activate`) swaps in the real control,
 * which opens at once (`autoOpen`). The stand-in stays on screen, with the focus and any typed
 * text, until the real one is ready (a transition, not a loading state).
 */
export function onDemand<P extends object>(load: () => Promise<ComponentType<P & OnDemandProps>>) {
  let pending: Promise<ComponentType<P & OnDemandProps>> | undefined;
  const fetchOnce = () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined; // a failed chunk is fetched again on the next try
      throw error;
    });
    return pending;
  };
  const Real = lazy(async () => ({ default: await fetchOnce() }));

  return function OnDemand({ placeholder, ...props }: P & { placeholder: (on: Activators) => ReactNode }) {
    const [used, setUsed] = useState(false);
    const on: Activators = {
      warm: () => void fetchOnce().catch(() => undefined),
      activate: () => startTransition(() => setUsed(true)),
    };
    // No Suspense boundary: the swap is a transition, which keeps the stand-in until the real
    // control is ready, and a boundary in the server's HTML may be streamed with inline scripts
    // (that the Content-Security-Policy blocks).
    return used ? <Real {...(props as P)} autoOpen /> : placeholder(on);
  };
}

/**
 * For the real control's button: when `autoOpen`, focus and press it once mounted (the press
 * that loaded the control opens it).
 */
export function useOpenOnMount<E extends HTMLElement>(autoOpen: boolean | undefined): RefObject<E | null> {
  const ref = useRef<E>(null);
  useEffect(() => {
    if (!autoOpen) return;
    ref.current?.focus();
    ref.current?.click();
    // Only the first mount opens.
  }, []);
  return ref;
}
