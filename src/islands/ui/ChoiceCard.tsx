import type { ReactNode, Ref } from 'react';
import { Button } from './Button.tsx';
import { FieldMessage, useFieldIds } from './Field.tsx';

interface Props {
  icon: ReactNode;
  chosen: boolean;
  /** What shows while nothing is chosen. */
  emptyTitle: string;
  emptyHint: string;
  chooseLabel: string;
  changeLabel: string;
  /** Opens the picker (a popup that writes the choice into the shared popup state). */
  onChoose: () => void;
  error?: string;
  disabled?: boolean;
  name?: string;
  /** The button takes the focus when the field is the first one wrong. */
  ref?: Ref<HTMLButtonElement>;
  /** The chosen thing, as the form shows it. */
  children?: ReactNode;
}

/**
 * A choice made in a popup (the trip, the delivery address): what is chosen, or that nothing
 * is yet, and the button that opens the picker.
 */
export function ChoiceCard({ icon, chosen, emptyTitle, emptyHint, chooseLabel, changeLabel, onChoose, error, disabled, name, ref, children }: Props) {
  const { id } = useFieldIds(name);
  return (
    <div>
      <div
        className={`flex flex-col gap-4 rounded-xl border p-4 sm:flex-row sm:items-center ${
          error ? 'border-red-300 bg-red-50/40' : chosen ? 'border-brand-200 bg-brand-50/50' : 'border-dashed border-slate-300 bg-slate-50/60'
        }`}
      >
        <div className="flex min-w-0 flex-1 items-start gap-3">
          <span className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full ${chosen ? 'bg-brand-100 text-brand-700' : 'bg-white text-slate-400 ring-1 ring-slate-200'}`}>
            {icon}
          </span>
          <div className="min-w-0 flex-1" id={`${id}-summary`}>
            {chosen ? (
              children
            ) : (
              <>
                <p className="text-sm font-semibold text-slate-800">{emptyTitle}</p>
                <p className="mt-0.5 text-sm text-slate-500">{emptyHint}</p>
              </>
            )}
          </div>
        </div>
        <Button
          ref={ref}
          id={id}
          variant={chosen ? 'secondary' : 'primary'}
          onClick={onChoose}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={[`${id}-summary`, error ? `${id}-error` : ''].filter(Boolean).join(' ')}
          className="shrink-0"
        >
          {chosen ? changeLabel : chooseLabel}
        </Button>
      </div>
      <FieldMessage id={id} error={error} />
    </div>
  );
}
