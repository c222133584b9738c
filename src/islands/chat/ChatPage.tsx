import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { api } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import type { ChatMessageView, ChatRoomView } from '../../lib/views/chat.ts';
import { Avatar } from '../Avatar.tsx';
import { Icon } from '../Icon.tsx';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { $liveState, $pushedMessage } from '../notifications/live.ts';
import { timeAgo } from '../notifications/time.ts';
import { Alert } from '../ui/Alert.tsx';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { TextArea } from '../ui/Field.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { chatHref, refreshNewMessages } from './store.ts';

interface Props {
  boot: Boot;
  rooms: ChatRoomView[];
  /** Where the next page of rooms starts (null: all loaded). */
  nextCursor: string | null;
  /** The room of ?room= (null: none chosen, or not the reader's). */
  roomId: number | null;
}

/**
 * /dashboard/chat: the reader's conversations (unread counts, last message) and one open
 * conversation (the order's summary and link, messages newest last, send on Enter, a photo with
 * preview). On phones one pane at a time. Pushed messages (`$pushedMessage`) show at once.
 */
export default function ChatPage(props: Props) {
  return (
    <IslandRoot boot={props.boot}>
      <Chat {...props} />
    </IslandRoot>
  );
}

/** `fresh` (the first page, just loaded) first, then the rooms loaded before that it does not hold. */
export function mergeRooms(fresh: ChatRoomView[], loaded: ChatRoomView[]): ChatRoomView[] {
  const ids = new Set(fresh.map((r) => r.id));
  return [...fresh, ...loaded.filter((r) => !ids.has(r.id))];
}

function Chat({ rooms: initialRooms, nextCursor, roomId: initialRoom }: Props) {
  const t = useT();
  const [rooms, setRooms] = useState(initialRooms);
  const [cursor, setCursor] = useState(nextCursor);
  const [loadingMore, setLoadingMore] = useState(false);
  const [roomId, setRoomId] = useState(initialRoom);
  const room = rooms.find((r) => r.id === roomId) ?? null;
  const roomsRef = useRef(rooms);
  roomsRef.current = rooms;

  // Only the latest reload is shown (an earlier one may answer last, from before a read).
  const latest = useRef(0);
  const reloadRooms = useCallback(async () => {
    const ask = ++latest.current;
    try {
      // The first page again, as long as what is shown (a push moves its room to the top).
      const fresh = await api.get('/chats', { query: { per_page: Math.min(100, Math.max(30, roomsRef.current.length)) } });
      if (ask !== latest.current) return;
      setRooms((now) => mergeRooms(fresh.rows, now));
      if (fresh.next_cursor === null) setCursor(null);
    } catch {
      // The list stays as it was; the next push or visit refreshes it.
    }
  }, []);

  async function loadMore() {
    if (!cursor) return;
    setLoadingMore(true);
    try {
      const page = await api.get('/chats', { query: { cursor } });
      setRooms((now) => mergeRooms(now, page.rows));
      setCursor(page.next_cursor);
    } catch {
      toast.error(t('chat:load_failed'));
    } finally {
      setLoadingMore(false);
    }
  }

  // Back/forward between the list and a room.
  useEffect(() => {
    const onPop = () => setRoomId(Number(new URL(window.location.href).searchParams.get('room')) || null);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  function choose(id: number | null) {
    setRoomId(id);
    window.history.pushState(null, '', id ? chatHref(id) : '/dashboard/chat');
  }

  const pushed = useStore($pushedMessage);
  useEffect(() => {
    if (pushed) void reloadRooms();
  }, [pushed, reloadRooms]);
  // Back online after a loss: what was pushed meanwhile was missed.
  useReconnected(reloadRooms);

  return (
    <div className="grid h-[calc(100dvh-13rem)] grid-cols-1 min-h-[28rem] overflow-hidden rounded-xl border border-slate-200 bg-white lg:h-[calc(100dvh-10rem)] lg:grid-cols-[18rem_1fr]">
      <section aria-label={t('chat:rooms')} className={`${room ? 'hidden lg:flex' : 'flex'} min-h-0 min-w-0 flex-col border-slate-200 lg:border-r`}>
        <h2 className="border-b border-slate-100 px-4 py-3 text-sm font-semibold text-slate-900">{t('chat:rooms')}</h2>
        {rooms.length === 0 ? (
          <div className="p-4">
            <EmptyState icon={<Icon name="chat" className="size-8 text-slate-300" />} title={t('chat:empty_rooms')} text={t('chat:empty_rooms_hint')} compact />
          </div>
        ) : (
          <ul className="min-h-0 flex-1 overflow-y-auto">
            {rooms.map((r) => (
              <li key={r.id}>
                <RoomButton room={r} current={r.id === roomId} onOpen={() => choose(r.id)} />
              </li>
            ))}
            {cursor && (
              <li className="p-3 text-center">
                <Button variant="ghost" size="sm" loading={loadingMore} onClick={() => void loadMore()} data-testid="chat-more-rooms">
                  {t('chat:more_rooms')}
                </Button>
              </li>
            )}
          </ul>
        )}
      </section>
      {room ? (
        <Conversation key={room.id} room={room} onBack={() => choose(null)} onChange={reloadRooms} />
      ) : (
        <div className="hidden items-center justify-center p-6 lg:flex">
          <EmptyState icon={<Icon name="chat" className="size-8 text-slate-300" />} text={t('chat:pick_room')} compact />
        </div>
      )}
    </div>
  );
}

/** Runs `then` each time the live connection comes back after a loss (not on the first connect). */
function useReconnected(then: () => Promise<void>) {
  useEffect(() => {
    let lost = $liveState.get() === 'offline';
    return $liveState.listen((state) => {
      if (state === 'offline') lost = true;
      else if (state === 'live' && lost) {
        lost = false;
        void then().catch(() => undefined);
      }
    });
  }, [then]);
}

function RoomButton({ room, current, onOpen }: { room: ChatRoomView; current: boolean; onOpen: () => void }) {
  const t = useT();
  const { locale } = useSession();
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-current={current || undefined}
      data-testid="chat-room"
      className={`flex w-full items-start gap-3 border-b border-slate-100 px-4 py-3 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 ${current ? 'bg-brand-50' : ''}`}
    >
      <Avatar name={room.other.name} photo={room.other.photo_profile} className="size-10 shrink-0 text-sm" />
      <span className="min-w-0 flex-1">
        <span className="flex items-center justify-between gap-2">
          <span className="truncate text-sm font-semibold text-slate-900">{room.other.name}</span>
          {room.last_message && (
            <time dateTime={room.last_message.created_at} suppressHydrationWarning className="shrink-0 text-xs text-slate-500">
              {timeAgo(room.last_message.created_at, locale)}
            </time>
          )}
        </span>
        <span className="block truncate text-xs text-slate-500">{room.order.product_name}</span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={`truncate text-sm ${room.unread ? 'font-semibold text-slate-900' : 'text-slate-600'}`}>{room.last_message?.body ?? t('chat:no_messages')}</span>
          {room.unread > 0 && (
            <span data-testid="chat-room-unread" className="shrink-0 rounded-full bg-rose-600 px-1.5 text-[11px] font-bold text-white">
              <span aria-hidden="true">{room.unread}</span>
              <span className="sr-only">{t('chat:unread', { count: room.unread })}</span>
            </span>
          )}
        </span>
      </span>
    </button>
  );
}

function Conversation({ room, onBack, onChange }: { room: ChatRoomView; onBack: () => void; onChange: () => Promise<void> }) {
  const t = useT();
  const { user } = useSession();
  const [messages, setMessages] = useState<ChatMessageView[] | null>(null);
  const [older, setOlder] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const list = useRef<HTMLOListElement>(null);
  const stick = useRef(true);

  const markRead = useCallback(async () => {
    try {
      await api('PUT', `/chats/${room.id}/read`);
      await Promise.all([refreshNewMessages(), onChange()]);
    } catch {
      // Unread stays unread; nothing the reader needs to act on.
    }
  }, [room.id, onChange]);

  useEffect(() => {
    api
      .get(`/chats/${room.id}/messages`)
      .then((page) => {
        setMessages(page.rows);
        setOlder(page.next_cursor);
        if (room.unread) void markRead();
      })
      .catch(() => setFailed(true));
    // Loaded once per room (the component is keyed by it).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** What came after the newest message shown (a push, or my own send). */
  const fetchNewer = useCallback(async () => {
    const last = messagesRef.current?.at(-1)?.id ?? 0;
    const page = await api.get(`/chats/${room.id}/messages`, { query: { after: last, per_page: 100 } });
    if (!page.rows.length) return;
    setMessages((now) => {
      const seen = new Set((now ?? []).map((m) => m.id));
      return [...(now ?? []), ...page.rows.filter((m) => !seen.has(m.id))];
    });
  }, [room.id]);
  const messagesRef = useRef(messages);
  messagesRef.current = messages;

  // Back online after a loss: fetch what came meanwhile.
  useReconnected(
    useCallback(async () => {
      if (!messagesRef.current) return;
      await fetchNewer();
      await markRead();
    }, [fetchNewer, markRead]),
  );

  const pushed = useStore($pushedMessage);
  useEffect(() => {
    if (!pushed || pushed.chat_id !== room.id || !messagesRef.current) return;
    stick.current = true;
    void fetchNewer()
      .then(() => markRead())
      .catch(() => undefined);
  }, [pushed, room.id, fetchNewer, markRead]);

  // Auto-scroll to the newest message, unless the reader scrolled up to read older ones.
  useEffect(() => {
    const el = list.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, [messages]);

  async function loadOlder() {
    if (!older) return;
    const page = await api.get(`/chats/${room.id}/messages`, { query: { before: older } });
    stick.current = false;
    setMessages((now) => [...page.rows, ...(now ?? [])]);
    setOlder(page.next_cursor);
  }

  return (
    <section aria-label={room.other.name} className="flex min-h-0 min-w-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-100 px-3 py-2.5 sm:px-4">
        <button type="button" onClick={onBack} aria-label={t('chat:back')} className="inline-flex size-9 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 lg:hidden">
          <Icon name="arrowLeft" className="size-5" />
        </button>
        <Avatar name={room.other.name} photo={room.other.photo_profile} className="size-9 shrink-0 text-sm" />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900">{room.other.name}</p>
          <p className="truncate text-xs text-slate-500">@{room.other.username}</p>
        </div>
      </header>
      <div data-testid="chat-order" className="flex items-center gap-3 border-b border-slate-100 bg-slate-50 px-3 py-2 sm:px-4">
        {room.order.image ? (
          <img src={room.order.image.src} alt="" className="size-10 shrink-0 rounded-md object-cover" />
        ) : (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-md bg-slate-200">
            <Icon name="bag" className="size-5 text-slate-500" />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-medium text-slate-900">{room.order.product_name}</p>
          <p className="truncate text-xs text-slate-600">
            {t('chat:order', { id: room.order.id })} · {room.order.status_text} · {formatRupiah(room.order.total_price)}
          </p>
        </div>
        <ButtonLink href={room.order.href} variant="secondary" size="sm" className="shrink-0">
          {t('chat:open_order')}
        </ButtonLink>
      </div>
      <ol
        ref={list}
        aria-label={t('chat:messages')}
        data-testid="chat-messages"
        onScroll={(e) => {
          const el = e.currentTarget;
          stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
        }}
        className="min-h-0 flex-1 space-y-2 overflow-y-auto px-3 py-4 sm:px-4"
      >
        {older && (
          <li className="text-center">
            <Button variant="ghost" size="sm" onClick={() => void loadOlder().catch(() => toast.error(t('chat:load_failed')))}>
              {t('chat:older')}
            </Button>
          </li>
        )}
        {failed ? (
          <li className="py-6 text-center text-sm text-slate-500">{t('chat:load_failed')}</li>
        ) : !messages ? (
          <li>
            <Loading label={t('ui.loading')} />
          </li>
        ) : messages.length === 0 ? (
          <li className="py-6 text-center text-sm text-slate-500">{t('chat:no_messages')}</li>
        ) : (
          messages.map((m) => <Bubble key={m.id} m={m} mine={m.sender_id === user?.id} />)
        )}
      </ol>
      {room.order.masking && (
        <p className="border-t border-amber-100 bg-amber-50 px-3 py-1.5 text-xs text-amber-900 sm:px-4">{t('chat:masking_banner')}</p>
      )}
      <Composer
        roomId={room.id}
        onSent={(m) => {
          stick.current = true;
          setMessages((now) => (now ?? []).concat(now?.some((x) => x.id === m.id) ? [] : [m]));
          void onChange();
        }}
      />
    </section>
  );
}

function Bubble({ m, mine }: { m: ChatMessageView; mine: boolean }) {
  const t = useT();
  const { locale } = useSession();
  return (
    <li data-testid="chat-message" data-mine={mine || undefined} className={`flex ${mine ? 'justify-end' : 'justify-start'}`}>
      <div className={`max-w-[85%] sm:max-w-[70%] ${mine ? 'items-end' : 'items-start'} flex flex-col`}>
        <div className={`rounded-2xl px-3 py-2 text-sm ${mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-slate-100 text-slate-900'}`}>
          {m.image && (
            <a href={m.image.src} target="_blank" rel="noopener" className="mb-1 block">
              <img src={m.image.src} srcSet={m.image.srcset} sizes="(min-width: 640px) 20rem, 70vw" alt={t('chat:photo')} className="max-h-64 rounded-lg object-cover" />
            </a>
          )}
          {m.body && <p className="break-words whitespace-pre-wrap">{m.body}</p>}
        </div>
        {m.helper_text && (
          <p data-testid="chat-hint" className="mt-1 flex max-w-full items-start gap-1 text-xs text-amber-800">
            <Icon name="shield" className="mt-px size-3.5 shrink-0" />
            <span>{m.helper_text}</span>
          </p>
        )}
        <time dateTime={m.created_at} suppressHydrationWarning className="mt-0.5 text-[11px] text-slate-500">
          {mine ? `${t('chat:you')} · ` : ''}
          {timeAgo(m.created_at, locale)}
        </time>
      </div>
    </li>
  );
}

function Composer({ roomId, onSent }: { roomId: number; onSent: (m: ChatMessageView) => void }) {
  const t = useT();
  const [text, setText] = useState('');
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);
  const [error, setError] = useState<string | undefined>();
  const [sending, setSending] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  useEffect(() => () => {
    if (photo) URL.revokeObjectURL(photo.url);
  }, [photo]);

  async function send() {
    if (sending || (!text.trim() && !photo)) return;
    setSending(true);
    setError(undefined);
    const form = new FormData();
    if (text.trim()) form.set('body', text);
    if (photo) form.set('image', photo.file);
    try {
      const res = await api<ChatMessageView>('POST', `/chats/${roomId}/messages`, { body: form });
      setText('');
      setPhoto(null);
      onSent(res.data);
    } catch (err) {
      const e = err as Error & { errors?: Record<string, string> };
      setError(e.errors?.body ?? e.errors?.image ?? e.message ?? t('chat:send_failed'));
    }
    setSending(false);
  }

  function onKey(e: KeyboardEvent<HTMLTextAreaElement>) {
    // Enter sends; Shift+Enter is a new line (and so is Enter while an IME is composing).
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <div className="border-t border-slate-200 px-3 py-2.5 sm:px-4">
      {photo && (
        <div className="mb-2 flex items-center gap-2">
          <img src={photo.url} alt={t('chat:photo_preview')} data-testid="chat-photo-preview" className="size-16 rounded-lg border border-slate-200 object-cover" />
          <Button variant="ghost" size="sm" onClick={() => setPhoto(null)} icon={<Icon name="close" className="size-4" />}>
            {t('chat:remove_photo')}
          </Button>
        </div>
      )}
      {error && (
        <div className="mb-2">
          <Alert kind="error">{error}</Alert>
        </div>
      )}
      <div className="flex items-end gap-2">
        <input
          ref={picker}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="chat-photo-input"
          onChange={(e) => {
            const file = e.currentTarget.files?.[0];
            e.currentTarget.value = '';
            if (file) setPhoto({ file, url: URL.createObjectURL(file) });
          }}
        />
        <Button variant="ghost" size="sm" className="size-10 shrink-0 !px-0" aria-label={t('chat:attach')} title={t('chat:attach')} onClick={() => picker.current?.click()} icon={<Icon name="photo" className="size-5" />} />
        <div className="min-w-0 flex-1">
          <TextArea
            label={<span className="sr-only">{t('chat:message_label')}</span>}
            name="body"
            rows={1}
            maxLength={2000}
            value={text}
            onValue={setText}
            onKeyDown={onKey}
            placeholder={t('chat:placeholder')}
            className="max-h-32 min-h-10 resize-none py-2"
          />
        </div>
        <Button variant="primary" size="sm" className="h-10 shrink-0" loading={sending} onClick={() => void send()} icon={<Icon name="plane" className="size-4" />} disabled={!text.trim() && !photo}>
          <span className="sr-only sm:not-sr-only">{t('chat:send')}</span>
        </Button>
      </div>
    </div>
  );
}
