import { icons, type IconName } from '../lib/icons.ts';
import { OutlineIcon } from './CoreIcon.tsx';

/** A decorative outline icon; give its button or link an accessible name instead. */
export function Icon({ name, className }: { name: IconName; className?: string }) {
  return <OutlineIcon d={icons[name]} className={className} />;
}
