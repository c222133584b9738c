import { useEffect } from 'react';
import { $headerPanel, type HeaderPanel } from './panel.ts';

/**
 * Keeps one header dropdown in step with the others: opening it names it the open panel, and
 * another panel opening (the search suggestions, another dropdown) closes it.
 */
export function PanelSync({ name, open, close }: { name: Exclude<HeaderPanel, null>; open: boolean; close: () => void }) {
  useEffect(() => {
    if (!open) {
      if ($headerPanel.get() === name) $headerPanel.set(null);
      return;
    }
    $headerPanel.set(name);
    return $headerPanel.listen((panel) => {
      if (panel !== name) close();
    });
  }, [name, open, close]);
  return null;
}
