import { initials } from '../lib/format.ts';

/** A user's photo, or their initials on brand green when they have none. */
export function Avatar({ name, photo, className = 'size-9 text-sm' }: { name: string; photo: string | null; className?: string }) {
  if (photo) return <img src={photo} alt="" className={`${className} shrink-0 rounded-full object-cover`} />;
  return (
    // The initials are drawn by CSS (not a text node): a link around the avatar is named by its label alone.
    <span aria-hidden="true" data-initials={initials(name)} className={`${className} inline-flex shrink-0 items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700 before:content-[attr(data-initials)]`} />
  );
}
