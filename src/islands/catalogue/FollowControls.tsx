import { useState } from 'react';
import { api, isUnauthenticated } from '../../lib/api.ts';
import { loadNamespaces } from '../../lib/i18n/index.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { openPopup } from '../../lib/stores/popup.ts';
import type { Boot } from '../../lib/stores/session.ts';
import { toast } from '../../lib/stores/toast.ts';
import { CoreIcon } from '../CoreIcon.tsx';
import { IslandRoot, useSession } from '../IslandRoot.tsx';
import { $followerTab } from './stores.ts';

/** The dictionaries it shows, loaded with this module so that hydrating it never waits for them. */
const NS = ['common', 'market'] as const;
await loadNamespaces(NS);

interface Props {
  boot: Boot;
  userId: number;
  followers: number;
  following: number;
  isFollowing: boolean;
  /** Where a guest's Follow goes (log in, then back). */
  loginHref: string;
  /** 'profile': both counts and a large button; 'card': followers and a compact button. */
  variant?: 'profile' | 'card';
}

/**
 * A user's follower/following counts (opening the follower popup) and the Follow/Following
 * button. Guests get a log-in link (SPEC §6); nobody can follow themselves.
 */
export default function FollowControls(props: Props) {
  return (
    <IslandRoot boot={props.boot} ns={NS}>
      <Controls {...props} />
    </IslandRoot>
  );
}

function Controls({ userId, followers: initialFollowers, following, isFollowing: initialFollowing, loginHref, variant = 'profile' }: Props) {
  const t = useT();
  const { user } = useSession();
  const [followers, setFollowers] = useState(initialFollowers);
  const [isFollowing, setIsFollowing] = useState(initialFollowing);
  const [busy, setBusy] = useState(false);
  const self = user?.id === userId;

  async function toggle() {
    if (busy) return;
    setBusy(true);
    try {
      const res = await api('POST', isFollowing ? '/users/unfollow' : '/users/add-follower', { body: { user_id: userId } });
      setFollowers((n) => Math.max(0, n + (isFollowing ? -1 : 1)));
      setIsFollowing(!isFollowing);
      if (res.message) toast.success(res.message);
    } catch (err) {
      if (isUnauthenticated(err)) location.assign(loginHref);
      else toast.error((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  function show(tab: 'followers' | 'following') {
    $followerTab.set(tab);
    openPopup('follower', { id: userId, followers: undefined, following: undefined });
  }

  const profile = variant === 'profile';
  const count = 'rounded-md text-sm text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
  const button = `inline-flex shrink-0 items-center justify-center gap-1.5 rounded-lg font-semibold transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 disabled:opacity-60 ${profile ? 'h-10 px-5 text-sm' : 'h-9 px-4 text-sm'}`;
  const followLook = `${button} bg-brand-500 text-white shadow-sm hover:bg-brand-600`;
  const followingLook = `${button} border border-slate-300 bg-white text-slate-700 hover:border-red-200 hover:bg-red-50 hover:text-red-700`;

  return (
    <div className={`flex flex-wrap items-center ${profile ? 'gap-x-5 gap-y-3' : 'justify-between gap-3'}`}>
      <div className="flex items-center gap-4">
        <button type="button" aria-haspopup="dialog" onClick={() => show('followers')} className={count} data-testid="followers-count">
          <span className="font-semibold text-slate-900 tabular-nums">{followers}</span> {t('market:follow.followers', { count: followers })}
        </button>
        {profile && (
          <button type="button" aria-haspopup="dialog" onClick={() => show('following')} className={count} data-testid="following-count">
            <span className="font-semibold text-slate-900 tabular-nums">{following}</span> {t('market:follow.following_count', { count: following })}
          </button>
        )}
      </div>
      {self ? null : !user ? (
        <a href={loginHref} className={followLook}>
          <CoreIcon name="plus" className="size-4" />
          {t('market:follow.follow')}
        </a>
      ) : (
        <button type="button" onClick={() => void toggle()} disabled={busy} className={isFollowing ? followingLook : followLook}>
          <CoreIcon name={isFollowing ? 'check' : 'plus'} className="size-4" />
          {isFollowing ? t('market:follow.following') : t('market:follow.follow')}
        </button>
      )}
    </div>
  );
}
