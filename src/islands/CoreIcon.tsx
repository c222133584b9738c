import { coreIcons, type CoreIconName } from '../lib/core-icons.ts';

/** A decorative 24×24 outline icon drawn from its path; give its button or link an accessible name instead. */
export function OutlineIcon({ d, className = 'size-5' }: { d: string; className?: string }) {
  return (
    <svg className={className} xmlns="http://www.w3.org/2000/svg" fill="none" viewBox="0 0 24 24" strokeWidth={1.5} stroke="currentColor" aria-hidden="true" focusable="false">
      <path strokeLinecap="round" strokeLinejoin="round" d={d} />
    </svg>
  );
}

/**
 * `Icon` for the islands a guest's first interaction hydrates (lib/core-icons.ts): their code
 * carries the few glyphs they draw, not the whole set.
 */
export function CoreIcon({ name, className }: { name: CoreIconName; className?: string }) {
  return <OutlineIcon d={coreIcons[name]} className={className} />;
}
