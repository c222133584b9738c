import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { Avatar } from '../Avatar.tsx';
import { Icon } from '../Icon.tsx';
import { useSession } from '../IslandRoot.tsx';
import { HeaderDropdown } from '../header/HeaderDropdown.tsx';
import { timeAgo } from '../notifications/time.ts';
import { Loading } from '../ui/Spinner.tsx';
import { $newMessages, chatHref, followPushedMessages, refreshNewMessages, unreadTotal } from './store.ts';

/**
 * The header's chat dropdown (SPEC §2): the unread count as a badge and the conversations with
 * new messages (SPEC §3 "New message"); a click opens the room. Pushed messages refresh it.
 */
export function ChatMenu() {
  const t = useT();
  const rows = useStore($newMessages);
  const unread = unreadTotal(rows);
  useEffect(() => {
    followPushedMessages();
    refreshNewMessages().catch(() => undefined);
  }, []);
  const label = unread > 0 ? t('chat:menu_count', { count: unread }) : t('chat:title');
  return (
    <HeaderDropdown name="chat" icon="chat" label={label} title={t('chat:title')} count={unread} testId="chat">
      {(open) => <Panel open={open} />}
    </HeaderDropdown>
  );
}

function Panel({ open }: { open: boolean }) {
  const t = useT();
  const { user, locale } = useSession();
  const rows = useStore($newMessages);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!open) return;
    setFailed(false);
    refreshNewMessages().catch(() => setFailed(true));
  }, [open]);

  return (
    <div>
      <p className="px-4 pt-3 text-sm font-semibold text-slate-900">{t('chat:new_messages')}</p>
      <div className="max-h-[420px] overflow-y-auto p-1.5">
        {failed ? (
          <p className="px-3 py-6 text-center text-sm text-slate-500">{t('chat:load_failed')}</p>
        ) : !rows ? (
          <Loading label={t('ui.loading')} />
        ) : rows.length === 0 ? (
          <div className="flex flex-col items-center px-4 py-6 text-center">
            <Icon name="chat" className="size-7 text-slate-300" />
            <p className="mt-2 text-sm text-slate-500">{t('chat:no_new')}</p>
          </div>
        ) : (
          <ul aria-label={t('chat:new_messages')}>
            {rows.map((m) => {
              const other = m.chat.requester.id === user?.id ? m.chat.traveler : m.chat.requester;
              return (
                <li key={m.chat_id}>
                  <a href={chatHref(m.chat_id)} data-testid="chat-preview" className="flex items-start gap-3 rounded-lg px-2.5 py-2.5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500">
                    <Avatar name={other.name} photo={other.photo_profile} className="size-9 shrink-0 text-sm" />
                    <span className="min-w-0 flex-1">
                      <span className="flex items-center justify-between gap-2">
                        <span className="truncate text-sm font-semibold text-slate-900">{other.name}</span>
                        <span className="shrink-0 rounded-full bg-rose-600 px-1.5 text-[11px] font-bold text-white">{m.unread}</span>
                      </span>
                      <span className="mt-0.5 line-clamp-2 block text-sm text-slate-600">{m.body}</span>
                      <time dateTime={m.created_at} suppressHydrationWarning className="mt-1 block text-xs text-slate-500">
                        {timeAgo(m.created_at, locale)}
                      </time>
                    </span>
                  </a>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <div className="border-t border-slate-100 px-4 py-2.5">
        <a href="/dashboard/chat" className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:underline">
          {t('chat:see_all')}
          <Icon name="chevronRight" className="size-4" />
        </a>
      </div>
    </div>
  );
}
