import type { ReactNode } from 'react';
import { Spinner } from '../auth/fields.tsx';
import { dangerButton, primaryButton, secondaryButton } from './FormParts.tsx';
import { PIcon } from './icons.tsx';

/**
 * The form's footer: Delete on the left (edit pages), Cancel and the submit button on the right;
 * on phones the submit button comes first, full width. Until the island is live the submit
 * button is disabled, so an early click never posts the form the browser's own way.
 */
export function FormActions({
  busy,
  ready,
  submitLabel,
  busyLabel,
  cancelHref,
  cancelLabel,
  onDelete,
  deleteLabel,
  extra,
}: {
  busy: boolean;
  ready: boolean;
  submitLabel: string;
  busyLabel: string;
  cancelHref: string;
  cancelLabel: string;
  onDelete?: () => void;
  deleteLabel?: string;
  extra?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center">
      {onDelete && (
        <button type="button" onClick={onDelete} disabled={busy} className={`${dangerButton} order-3 sm:order-none`}>
          <PIcon name="trash" className="size-4" />
          {deleteLabel}
        </button>
      )}
      {extra}
      <div className="flex flex-col gap-3 sm:ml-auto sm:flex-row-reverse">
        <button type="submit" disabled={busy || !ready} aria-busy={busy || undefined} className={`${primaryButton} min-w-44`}>
          {busy && <Spinner className="size-4" />}
          {busy ? busyLabel : submitLabel}
        </button>
        <a href={cancelHref} className={secondaryButton}>
          {cancelLabel}
        </a>
      </div>
    </div>
  );
}
