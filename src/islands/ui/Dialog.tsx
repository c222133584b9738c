import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { Icon } from '../Icon.tsx';
import { Button, type ButtonVariant } from './Button.tsx';

/**
 * A modal window (Headless UI): the focus stays inside while it is open and returns to the
 * opener when it closes; Escape and a click outside call `onClose`. A bottom sheet on phones, a
 * centred card from `sm` up. Put `DialogHeader`, `DialogBody` and `DialogActions` inside.
 */
export function Dialog({ open, onClose, children, closeButton = true, ...rest }: { open: boolean; onClose: () => void; children: ReactNode; closeButton?: boolean; 'data-popup'?: string }) {
  const t = useT();
  return (
    <HeadlessDialog open={open} onClose={onClose} className="fixed inset-0 z-50 flex items-end justify-center overflow-y-auto sm:items-center sm:p-4">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 data-closed:opacity-0" />
      <DialogPanel
        transition
        data-popup={rest['data-popup']}
        className="relative w-full rounded-t-2xl bg-white shadow-xl transition duration-150 ease-out data-closed:translate-y-4 data-closed:opacity-0 sm:max-w-md sm:rounded-2xl"
      >
        {closeButton && (
          <button
            type="button"
            onClick={onClose}
            aria-label={t('ui.close')}
            className="absolute top-4 right-4 inline-flex size-8 items-center justify-center rounded-full text-slate-400 hover:bg-slate-100 hover:text-slate-700 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Icon name="close" />
          </button>
        )}
        {children}
      </DialogPanel>
    </HeadlessDialog>
  );
}

const tones = {
  danger: 'bg-red-50 text-red-600',
  warning: 'bg-amber-50 text-amber-600',
  brand: 'bg-brand-50 text-brand-600',
};
export type DialogTone = keyof typeof tones;

/** The dialog's title (what screen readers announce on opening), an optional round icon before it and a line under it. */
export function DialogHeader({ title, description, icon, tone = 'brand' }: { title: ReactNode; description?: ReactNode; icon?: ReactNode; tone?: DialogTone }) {
  const heading = <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>;
  return (
    <div className="px-5 pt-5 pr-12 pb-3">
      {icon ? (
        <div className="flex items-center gap-3">
          <span className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${tones[tone]}`}>{icon}</span>
          {heading}
        </div>
      ) : (
        heading
      )}
      {description && <div className="mt-1 text-sm text-slate-500">{description}</div>}
    </div>
  );
}

export function DialogBody({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <div className={`px-5 pb-2 ${className}`}>{children}</div>;
}

/** A list inside a dialog scrolls on its own at 400 px (SPEC §2), so the actions stay in view. */
export function DialogList({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <div className="max-h-[400px] overflow-y-auto overscroll-contain rounded-lg border border-slate-200" aria-label={label}>
      {children}
    </div>
  );
}

/** The buttons at the foot: side by side at the right from `sm`, stacked (main action on top) on phones. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 border-t border-slate-100 px-5 py-4 sm:flex-row sm:justify-end">{children}</div>;
}

interface FormActionsProps {
  onCancel: () => void;
  busy: boolean;
  /** The submit button's label ('Save' by default) and its label while busy ('Saving…'). */
  submitLabel?: string;
  busyLabel?: string;
  variant?: ButtonVariant;
  cancelLabel?: string;
  /** The submit button cannot be pressed yet (e.g. nothing typed to confirm). */
  disabled?: boolean;
}

/** A dialog form's foot: Cancel, and the submit button that says it is working while `busy`. */
export function FormActions({ onCancel, busy, submitLabel, busyLabel, variant = 'primary', cancelLabel, disabled }: FormActionsProps) {
  const t = useT();
  return (
    <DialogActions>
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {cancelLabel ?? t('ui.cancel')}
      </Button>
      <Button type="submit" variant={variant} loading={busy} loadingLabel={busyLabel ?? t('ui.saving')} disabled={disabled}>
        {submitLabel ?? t('ui.save')}
      </Button>
    </DialogActions>
  );
}

export interface ConfirmProps {
  title: ReactNode;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's label while `busy` ('Deleting…'). */
  busyLabel?: string;
  busy?: boolean;
  /** Red button and icon: the action destroys something. */
  danger?: boolean;
  icon?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
  cancelLabel?: string;
  'data-testid'?: string;
}

/**
 * A yes/no question as a dialog's content (popups live inside the popup container's dialog).
 * The safe answer has the first focus, so Enter never confirms by accident.
 */
export function Confirm({ title, children, confirmLabel, busyLabel, busy = false, danger = false, icon, onConfirm, onCancel, cancelLabel, ...rest }: ConfirmProps) {
  const t = useT();
  return (
    <div data-testid={rest['data-testid']}>
      <DialogHeader title={title} icon={icon} tone={danger ? 'danger' : 'brand'} />
      <DialogBody className="pb-4 text-sm leading-6 text-slate-600">{children}</DialogBody>
      <DialogActions>
        <Button variant="secondary" onClick={onCancel} disabled={busy} data-autofocus>
          {cancelLabel ?? t('ui.cancel')}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} loading={busy} loadingLabel={busyLabel}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </div>
  );
}

/** `Confirm` in a dialog of its own, for a question that belongs to the element that asked (a list row's Delete). */
export function ConfirmDialog({ open, onClose, ...confirm }: Omit<ConfirmProps, 'onCancel'> & { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={open} onClose={() => !confirm.busy && onClose()} closeButton={false}>
      <Confirm {...confirm} onCancel={onClose} />
    </Dialog>
  );
}
