import { useId, type ReactNode } from 'react';

/**
 * Nothing to show yet: an icon, what is missing, and what to do about it. `compact` inside a
 * dialog; the full size fills a page section.
 */
export function EmptyState({ icon, title, text, action, compact = false }: { icon?: ReactNode; title?: string; text: ReactNode; action?: ReactNode; compact?: boolean }) {
  const id = useId();
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={`flex flex-col items-center border border-dashed border-slate-300 text-center ${compact ? 'rounded-xl px-4 py-8' : 'rounded-2xl bg-white px-6 py-12'}`}
    >
      {icon && <span className={`flex items-center justify-center rounded-full bg-brand-50 text-brand-600 ${compact ? 'size-12' : 'size-14'}`}>{icon}</span>}
      {title && (
        <h2 id={id} className={`font-semibold text-slate-900 ${compact ? 'mt-3 text-base' : 'mt-4 text-lg'}`}>
          {title}
        </h2>
      )}
      <div className={`max-w-sm text-sm leading-6 text-slate-600 ${icon || title ? 'mt-1' : ''}`}>{text}</div>
      {action && <div className={compact ? 'mt-4' : 'mt-6'}>{action}</div>}
    </section>
  );
}
