import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { $popupState, setPopupState, type PopupProps } from '../../lib/stores/popup.ts';
import type { FollowEntry } from '../../lib/views/index.ts';
import { Avatar } from '../Avatar.tsx';
import { $followerTab } from '../catalogue/stores.ts';
import { DialogBody, DialogHeader, DialogList } from '../ui/Dialog.tsx';
import { Loading } from '../ui/Spinner.tsx';

const TABS = ['followers', 'following'] as const;

/** A user's followers and the people they follow (shared popup state `id`: the user), as two tabs. */
export default function FollowerPopup({ close }: PopupProps) {
  const t = useT();
  const { id, followers, following } = useStore($popupState);
  const tab = useStore($followerTab);
  const [failed, setFailed] = useState(false);
  const userId = Number(id);

  useEffect(() => {
    if (!Number.isInteger(userId) || userId <= 0) return;
    const controller = new AbortController();
    setFailed(false);
    Promise.all(TABS.map((which) => api.get(`/users/${userId}/${which}`, { signal: controller.signal })))
      .then(([a, b]) => setPopupState({ followers: a, following: b }))
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setFailed(true);
      });
    return () => controller.abort();
  }, [userId]);

  const lists: Record<(typeof TABS)[number], FollowEntry[] | undefined> = { followers, following };
  return (
    <div className="pb-5">
      <DialogHeader title={t('market:follow.popup_title')} />
      <DialogBody>
        <TabGroup selectedIndex={TABS.indexOf(tab)} onChange={(i) => $followerTab.set(TABS[i])}>
          <TabList className="mb-3 grid grid-cols-2 gap-1 rounded-xl bg-slate-100 p-1">
            {TABS.map((which) => (
              <Tab
                key={which}
                className="h-9 rounded-lg text-sm font-semibold text-slate-600 outline-none data-focus:ring-2 data-focus:ring-brand-400 data-hover:text-slate-900 data-selected:bg-white data-selected:text-brand-700 data-selected:shadow-xs"
              >
                {t(`market:follow.tab_${which}`)}
                {lists[which] && <span className="ml-1 font-medium text-slate-500 tabular-nums">({lists[which].length})</span>}
              </Tab>
            ))}
          </TabList>
          <TabPanels>
            {TABS.map((which) => (
              <TabPanel key={which} className="outline-none">
                <DialogList>
                  {failed ? (
                    <p className="px-3 py-6 text-center text-sm text-slate-500">{t('market:follow.failed')}</p>
                  ) : !lists[which] ? (
                    <Loading label={t('ui.loading')} />
                  ) : lists[which].length === 0 ? (
                    <p className="px-3 py-6 text-center text-sm text-slate-500">{t(`market:follow.empty_${which}`)}</p>
                  ) : (
                    <ul className="divide-y divide-slate-100">
                      {lists[which].map((u) => (
                        <li key={u.id}>
                          <a href={`/products/user/marketplace/${u.id}`} onClick={close} className="flex items-center gap-3 px-3 py-2.5 text-sm hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500">
                            <Avatar name={u.name ?? u.username} photo={u.photo_profile} className="size-9 text-xs" />
                            <span className="min-w-0">
                              {u.name && <span className="block truncate font-medium text-slate-900">{u.name}</span>}
                              <span className="block truncate text-slate-500">@{u.username}</span>
                            </span>
                          </a>
                        </li>
                      ))}
                    </ul>
                  )}
                </DialogList>
              </TabPanel>
            ))}
          </TabPanels>
        </TabGroup>
      </DialogBody>
    </div>
  );
}
