import type { ReactNode } from 'react';

/**
 * The account pages' frame: a centred card with the logo mark, title and intro, and a footer
 * line under it. (The header above already carries the full wordmark.)
 */
export function AuthShell({ title, subtitle, children, footer }: { title: string; subtitle?: ReactNode; children: ReactNode; footer?: ReactNode }) {
  return (
    <div className="flex w-full flex-1 justify-center bg-linear-to-b from-brand-50 via-slate-50 to-slate-50 px-4 pt-8 pb-14 sm:items-center sm:pt-14 sm:pb-20">
      <div className="w-full max-w-[26rem]">
        <div className="rounded-2xl bg-white p-6 shadow-lg shadow-slate-200/60 ring-1 ring-slate-200/80 sm:p-8">
          <Logo className="mb-5 size-11" />
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {subtitle && <p className="mt-1.5 text-sm leading-relaxed text-slate-500">{subtitle}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-600">{footer}</div>}
      </div>
    </div>
  );
}

export function Logo({ className = '' }: { className?: string }) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="#3fb26f" />
      <path d="M18 22h28v6H35v20h-6V28H18z" fill="#fff" />
      <circle cx="46" cy="44" r="5" fill="#fff" />
    </svg>
  );
}
