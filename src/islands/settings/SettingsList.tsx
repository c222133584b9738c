import { useStore } from '@nanostores/react';
import type { WritableAtom } from 'nanostores';
import { useEffect, useState, type ReactNode } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { toast } from '../../lib/stores/toast.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmDialog } from '../ui/Dialog.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { CardSkeletons } from '../ui/Skeleton.tsx';
import { useAction } from '../ui/use-action.ts';
import { Glyph, type GlyphName } from './Glyph.tsx';
import { seed } from './store.ts';

interface Props<T extends { id: number }> {
  /** The list's store (the form popups write saved entries into it). */
  store: WritableAtom<T[] | null>;
  /** What the page read while rendering; null if that failed, then the list loads here. */
  initial: T[] | null;
  load: () => Promise<T[]>;
  onAdd: () => void;
  deletePath: (item: T) => string;
  onDeleted: (id: number) => void;
  icon: GlyphName;
  text: { intro: string; add: string; emptyTitle: string; emptyText: string; list: string; deleteTitle: string; deleteText: (item: T) => string };
  /** One card; `askDelete` opens the confirmation for it. */
  card: (item: T, askDelete: () => void) => ReactNode;
}

/**
 * A settings page's list of cards (addresses, bank accounts): the add button, the empty state,
 * skeletons while loading (only when the server could not render the list), a retry after a
 * failure, and deletion after a confirmation.
 */
export function SettingsList<T extends { id: number }>({ store, initial, load, onAdd, deletePath, onDeleted, icon, text, card }: Props<T>) {
  const t = useT();
  seed(store, initial);
  const stored = useStore(store);
  const list = typeof window === 'undefined' ? initial : stored;
  const [failed, setFailed] = useState(false);
  // The entry whose deletion waits for a yes.
  const [target, setTarget] = useState<T | null>(null);
  const deletion = useAction();
  const confirmDeletion = () =>
    deletion.run(async () => {
      if (!target) return;
      const res = await api('DELETE', deletePath(target));
      onDeleted(target.id);
      toast.success(res.message ?? '');
      setTarget(null);
    });

  function fetchList() {
    setFailed(false);
    load()
      .then((rows) => store.set(rows))
      .catch((err: Error) => {
        setFailed(true);
        toast.error(err.message);
      });
  }
  useEffect(() => {
    if (store.get() === null) fetchList();
  }, []);

  const addButton = (
    <Button onClick={onAdd} icon={<Glyph name="plus" className="size-4" />}>
      {text.add}
    </Button>
  );
  return (
    <div className="space-y-5">
      <div className="-mt-3 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600">{text.intro}</p>
        {list && list.length > 0 && addButton}
      </div>

      {list === null ? (
        failed ? (
          <div role="alert" className="rounded-2xl border border-red-200 bg-white p-6 text-center text-sm text-slate-700">
            <p>{t('settings:common.load_failed')}</p>
            <Button variant="secondary" size="sm" onClick={fetchList} className="mt-3">
              {t('settings:common.retry')}
            </Button>
          </div>
        ) : (
          <CardSkeletons />
        )
      ) : list.length === 0 ? (
        <EmptyState icon={<Glyph name={icon} className="size-7" />} title={text.emptyTitle} text={text.emptyText} action={addButton} />
      ) : (
        <ul aria-label={text.list} className="grid gap-4 md:grid-cols-2">
          {list.map((item) => (
            <li key={item.id} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-5">
              {card(item, () => setTarget(item))}
            </li>
          ))}
        </ul>
      )}

      <ConfirmDialog
        open={target !== null}
        danger
        icon={<Glyph name="trash" className="size-5" />}
        title={text.deleteTitle}
        confirmLabel={t('ui.delete')}
        busyLabel={t('ui.deleting')}
        busy={deletion.busy}
        onConfirm={() => void confirmDeletion()}
        onClose={() => setTarget(null)}
      >
        {target && text.deleteText(target)}
      </ConfirmDialog>
    </div>
  );
}

/** One entry of a settings list: an icon, a title, its details, and Edit / Delete. */
export function SettingsCard({
  icon,
  title,
  children,
  editLabel,
  onEdit,
  deleteLabel,
  onDelete,
}: {
  icon: GlyphName;
  title: string;
  children: ReactNode;
  editLabel: string;
  onEdit: () => void;
  deleteLabel: string;
  onDelete: () => void;
}) {
  const t = useT();
  return (
    <article aria-label={title} className="flex flex-1 flex-col">
      <div className="flex flex-1 items-start gap-3">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Glyph name={icon} className="size-5" />
        </span>
        <div className="min-w-0 flex-1">
          <h2 className="truncate text-base font-semibold text-slate-900">{title}</h2>
          {children}
        </div>
      </div>
      <div className="mt-4 flex justify-end gap-2 border-t border-slate-100 pt-4">
        <Button variant="secondary" size="sm" onClick={onEdit} aria-label={editLabel} icon={<Glyph name="pencil" className="size-4" />}>
          {t('settings:common.edit')}
        </Button>
        <Button variant="danger-outline" size="sm" onClick={onDelete} aria-label={deleteLabel} icon={<Glyph name="trash" className="size-4" />}>
          {t('ui.delete')}
        </Button>
      </div>
    </article>
  );
}
