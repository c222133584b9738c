import { useT } from '../../lib/i18n/react.tsx';
import { FieldFrame, useFieldIds } from './Field.tsx';
import { StarIcon } from './icons.tsx';

interface StarRatingProps {
  name: string;
  label: string;
  /** 0 = no star chosen yet. */
  value: number;
  onValue: (value: number) => void;
  error?: string;
  ref?: (el: HTMLElement | null) => void;
}

/**
 * One to five stars as a radio group: arrows move between stars, the label says "3 stars".
 * Stars up to the chosen (or hovered via CSS peer order) one are filled.
 */
export function StarRatingField({ name, label, value, onValue, error, ref }: StarRatingProps) {
  const t = useT();
  const ids = useFieldIds(name);
  return (
    <FieldFrame id={ids.id} label={label} error={error} labelFor={false}>
      <div
        role="radiogroup"
        aria-labelledby={`${ids.id}-label`}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy(error)}
        className="flex items-center gap-1"
        data-testid="star-rating"
      >
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="group relative cursor-pointer rounded-md p-1 has-focus-visible:outline-2 has-focus-visible:outline-brand-500">
            <input
              ref={n === 1 ? (el) => ref?.(el) : undefined}
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onValue(n)}
              className="sr-only"
            />
            <StarIcon filled={n <= value} className={`size-8 ${n <= value ? 'text-amber-400' : 'text-slate-300 group-hover:text-amber-300'}`} />
            <span className="sr-only">{t('orders-fulfil:review.star', { count: n })}</span>
          </label>
        ))}
      </div>
    </FieldFrame>
  );
}
