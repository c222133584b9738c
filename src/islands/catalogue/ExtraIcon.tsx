import { extraIcons, type ExtraIconName } from './extra-icons.ts';

/** A decorative outline icon from the catalogue's extra set; name the button or link instead. */
export function ExtraIcon({ name, className = 'size-5' }: { name: ExtraIconName; className?: string }) {
  return (
    <svg className={className} xmlns="http://www.w3.org/2000/svg" fill="none" viewBox="0 0 24 24" strokeWidth={1.5} stroke="currentColor" aria-hidden="true" focusable="false">
      <path strokeLinecap="round" strokeLinejoin="round" d={extraIcons[name]} />
    </svg>
  );
}
