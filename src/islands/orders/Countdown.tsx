import { useEffect, useState } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import { IslandRoot } from '../IslandRoot.tsx';
import type { Boot } from '../../lib/stores/session.ts';

/** Splits the time left into days, hours, minutes and seconds (never negative). */
export function timeLeft(until: number, now: number) {
  const total = Math.max(0, Math.floor((until - now) / 1000));
  return { total, d: Math.floor(total / 86400), h: Math.floor((total % 86400) / 3600), m: Math.floor((total % 3600) / 60), s: total % 60 };
}

/** A live countdown to an order's deadline (offer expiry or payment deadline). */
export default function Countdown({ boot, until, label }: { boot: Boot; until: string; label: string }) {
  return (
    <IslandRoot boot={boot}>
      <Ticker until={until} label={label} />
    </IslandRoot>
  );
}

function Ticker({ until, label }: { until: string; label: string }) {
  const t = useT();
  const end = Date.parse(until);
  // null until hydrated: the server's clock and the browser's differ, so the server prints no seconds.
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(end, now ?? end);
  if (now === null) return <p className="text-sm text-amber-900" data-testid="countdown">{label}</p>;
  const text = left.total === 0 ? t('orders-deal:detail.expired') : left.d > 0 ? t('orders-deal:detail.countdown_days', left) : t('orders-deal:detail.countdown', left);
  return (
    <p className="flex flex-wrap items-baseline gap-x-2 text-sm" data-testid="countdown">
      <span className="text-amber-900">{label}</span>
      <time dateTime={until} className="font-bold text-amber-950 tabular-nums">{text}</time>
    </p>
  );
}
