import { useT } from '../../lib/i18n/react.tsx';

/** A grey placeholder block while something loads. */
export function Skeleton({ className }: { className: string }) {
  return <span aria-hidden="true" className={`block animate-pulse rounded bg-slate-200/80 ${className}`} />;
}

/** Cards with grey lines in place of text, announced once as 'Loading…'. */
export function CardSkeletons({ count = 2 }: { count?: number }) {
  const t = useT();
  return (
    <div role="status" className="grid gap-4 md:grid-cols-2">
      <span className="sr-only">{t('ui.loading')}</span>
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="space-y-3 rounded-2xl border border-slate-200 bg-white p-5">
          <Skeleton className="h-5 w-20 rounded-full" />
          <Skeleton className="h-4 w-2/3" />
          <Skeleton className="h-4 w-1/2" />
          <Skeleton className="h-4 w-5/6" />
        </div>
      ))}
    </div>
  );
}
