import { useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { Icon } from '../Icon.tsx';
import { IslandRoot } from '../IslandRoot.tsx';
import { Button, ButtonLink } from '../ui/Button.tsx';
import { chatHref } from './store.ts';

interface Props {
  boot: Boot;
  order: { id: number; traveler: { id: number }; user: { id: number }; chat_room: { id: number } | null };
}

/** The order page's "Chat" button: opens the order's room (`chat_room`, or made on first use) at /dashboard/chat?room=. */
export default function OpenChatButton({ boot, order }: Props) {
  return (
    <IslandRoot boot={boot}>
      <Open order={order} />
    </IslandRoot>
  );
}

function Open({ order }: Pick<Props, 'order'>) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  async function open() {
    setBusy(true);
    try {
      const res = await api<{ id: number }>('POST', '/chats', { body: { transaction_id: order.id, traveler_id: order.traveler.id, requester_id: order.user.id } });
      window.location.assign(chatHref(res.data.id));
    } catch (err) {
      toast.error((err as Error).message);
      setBusy(false);
    }
  }
  const icon = <Icon name="chat" className="size-4" />;
  // A room already opened is a plain link; the first open makes it.
  if (order.chat_room) {
    return (
      <ButtonLink href={chatHref(order.chat_room.id)} variant="brand-outline" size="sm" block icon={icon} data-testid="open-chat">
        {t('chat:open_chat')}
      </ButtonLink>
    );
  }
  return (
    <Button variant="brand-outline" size="sm" block loading={busy} onClick={() => void open()} icon={icon} data-testid="open-chat">
      {t('chat:open_chat')}
    </Button>
  );
}
