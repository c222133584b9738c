import { Button, ButtonLink } from '../ui/Button.tsx';
import { PIcon } from './icons.tsx';

/**
 * A posting form's footer: Delete on the left (edit pages), Cancel and the submit button on the
 * right; on phones the submit button comes first, full width. Until the island is live the
 * submit button is disabled, so an early click never posts the form the browser's own way.
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
}: {
  busy: boolean;
  ready: boolean;
  submitLabel: string;
  busyLabel: string;
  cancelHref: string;
  cancelLabel: string;
  onDelete?: () => void;
  deleteLabel?: string;
}) {
  return (
    <div className="flex flex-col gap-3 border-t border-slate-200 pt-5 sm:flex-row sm:items-center">
      {onDelete && (
        <Button variant="danger-outline" size="lg" onClick={onDelete} disabled={busy} icon={<PIcon name="trash" className="size-4" />} className="order-3 sm:order-none">
          {deleteLabel}
        </Button>
      )}
      <div className="flex flex-col gap-3 sm:ml-auto sm:flex-row-reverse">
        <Button type="submit" size="lg" loading={busy} loadingLabel={busyLabel} disabled={!ready} className="min-w-44">
          {submitLabel}
        </Button>
        <ButtonLink href={cancelHref} variant="secondary" size="lg">
          {cancelLabel}
        </ButtonLink>
      </div>
    </div>
  );
}
