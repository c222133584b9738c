import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { IslandRoot } from '../IslandRoot.tsx';
import { AddTripAction } from './TripActions.tsx';

/** The trips page's 'Add trip' button (an island of its own, in the page heading). */
export default function AddTripButton({ boot }: { boot: Boot }) {
  return (
    <IslandRoot boot={boot}>
      <Inner />
    </IslandRoot>
  );
}

function Inner() {
  const t = useT();
  return <AddTripAction t={t} />;
}
