import { useStore } from '@nanostores/react';
import { APP_TIME_ZONE } from '../../lib/dates.ts';
import { formatDate } from '../../lib/format.ts';
import { loadNamespaces } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { openPopup } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import type { DiscussionMessage } from '../../lib/views/index.ts';
import { Avatar } from '../Avatar.tsx';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { ExtraIcon } from './ExtraIcon.tsx';
import { $catalogueTarget, $postedQuestions, type CatalogueTarget } from './stores.ts';

/** The dictionaries it shows, loaded with this module so that hydrating it never waits for them. */
const NS = ['common', 'market'] as const;
await loadNamespaces(NS);

interface Props {
  boot: Boot;
  target: CatalogueTarget;
  /** The thread as the server rendered it (oldest first). */
  messages: DiscussionMessage[];
  /** The traveller or requester who posted the item: their replies are marked. */
  ownerId: number;
  loginHref: string;
}

/**
 * A product's or request's questions, rendered on the server; 'Ask a question' opens the
 * discussion popup, and what the viewer posts appears at the end of the thread at once.
 */
export default function DiscussionThread(props: Props) {
  return (
    <IslandRoot boot={props.boot} ns={NS}>
      <Thread {...props} />
    </IslandRoot>
  );
}

function Thread({ target, messages, ownerId, loginHref }: Props) {
  const t = useT();
  const { user, locale } = useSession();
  const posted = useStore($postedQuestions).filter((m) => m.subject === target.kind && m.item_id === target.id && !messages.some((x) => x.id === m.id));
  const all = [...messages, ...posted];
  const ownerLabel = t(target.kind === 'product' ? 'market:discussion.traveller' : 'market:discussion.requester');

  function ask() {
    $catalogueTarget.set(target);
    openPopup(target.kind === 'product' ? 'discussion-marketplace' : 'discussion-request', { id: target.id });
  }

  const askLook =
    'inline-flex h-10 shrink-0 items-center justify-center gap-2 rounded-lg border border-brand-500 bg-white px-4 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
  return (
    <section id="discussion" aria-labelledby="discussion-title" className="scroll-mt-24">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="discussion-title" className="text-lg font-bold text-slate-900">
          {t('market:discussion.title')} <span className="font-medium text-slate-500 tabular-nums">({all.length})</span>
        </h2>
        {user ? (
          <button type="button" onClick={ask} aria-haspopup="dialog" className={askLook}>
            <ExtraIcon name="question" className="size-5" />
            {t('market:discussion.ask')}
          </button>
        ) : (
          <a href={loginHref} className={askLook}>
            <ExtraIcon name="question" className="size-5" />
            {t('market:discussion.ask')}
          </a>
        )}
      </div>
      {all.length === 0 ? (
        <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
          {t(target.kind === 'product' ? 'market:discussion.empty_product' : 'market:discussion.empty_request')}
        </p>
      ) : (
        <ol className="mt-4 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white" aria-label={t('market:discussion.title')}>
          {all.map((m) => (
            <li key={m.id} className="flex gap-3 p-4">
              <Avatar name={m.user.name} photo={m.user.photo_profile} className="size-9 text-xs" />
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-sm">
                  <a href={`/products/user/marketplace/${m.user.id}`} className="font-semibold text-slate-900 hover:underline">{m.user.name}</a>
                  <span className="text-slate-500">@{m.user.username}</span>
                  {m.user.id === ownerId && <span className="rounded-full bg-brand-50 px-2 py-0.5 text-[11px] font-semibold text-brand-700">{ownerLabel}</span>}
                  <span aria-hidden="true" className="text-slate-300">·</span>
                  <time dateTime={m.created_at} className="text-slate-500">{formatDate(m.created_at, locale, APP_TIME_ZONE)}</time>
                </p>
                <p className="mt-1 text-sm leading-6 break-words whitespace-pre-line text-slate-700">{m.message}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
