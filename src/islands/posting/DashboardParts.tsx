import type { ReactNode } from 'react';
import { PIcon, type PostingIconName } from './icons.tsx';

/**
 * Static parts of the dashboard list pages (rendered on the server, never hydrated): tabs as
 * links, an empty state, and previous/next paging. Texts come in already translated.
 */

export interface TabLink {
  href: string;
  label: string;
  count?: number;
  current: boolean;
}

export function TabLinks({ label, tabs }: { label: string; tabs: TabLink[] }) {
  return (
    <nav aria-label={label} className="mb-5 border-b border-slate-200">
      <ul className="-mb-px flex gap-1 overflow-x-auto">
        {tabs.map((tab) => (
          <li key={tab.href}>
            <a
              href={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              className={`inline-flex h-11 items-center gap-2 border-b-2 px-3 text-sm font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-500 sm:px-4 ${
                tab.current ? 'border-brand-500 text-brand-700' : 'border-transparent text-slate-500 hover:border-slate-300 hover:text-slate-800'
              }`}
            >
              {tab.label}
              {tab.count !== undefined && (
                <span className={`rounded-full px-2 py-0.5 text-xs tabular-nums ${tab.current ? 'bg-brand-100 text-brand-800' : 'bg-slate-100 text-slate-600'}`}>{tab.count}</span>
              )}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** `children`: the call to action (from Astro, slot content arrives as children). */
export function EmptyState({ icon, title, text, level = 2, children }: { icon: PostingIconName; title: string; text: string; level?: 2 | 3; children?: ReactNode }) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600">
        <PIcon name={icon} className="size-7" />
      </span>
      <Heading className="mt-4 text-base font-semibold text-slate-900">{title}</Heading>
      <p className="mt-1.5 max-w-sm text-sm leading-6 text-slate-600">{text}</p>
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}

const pageLink =
  'inline-flex h-10 items-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3.5 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/** Previous / 'Page 2 of 5' / Next; nothing when everything fits on one page. */
export function Pager({
  page,
  lastPage,
  hrefFor,
  labels,
}: {
  page: number;
  lastPage: number;
  hrefFor: (page: number) => string;
  labels: { nav: string; previous: string; next: string; status: string };
}) {
  if (lastPage <= 1) return null;
  return (
    <nav aria-label={labels.nav} className="mt-6 flex items-center justify-between gap-3">
      {page > 1 ? (
        <a href={hrefFor(page - 1)} rel="prev" className={pageLink}>
          <PIcon name="chevronLeft" className="size-4" />
          {labels.previous}
        </a>
      ) : (
        <span />
      )}
      <p className="text-sm text-slate-600" aria-current="page">
        {labels.status}
      </p>
      {page < lastPage ? (
        <a href={hrefFor(page + 1)} rel="next" className={pageLink}>
          {labels.next}
          <PIcon name="chevronRight" className="size-4" />
        </a>
      ) : (
        <span />
      )}
    </nav>
  );
}

export const actionLink =
  'inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border border-slate-300 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';
export const actionDanger =
  'inline-flex h-9 items-center justify-center gap-1.5 rounded-lg border border-red-200 bg-white px-3 text-sm font-medium text-red-600 hover:bg-red-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-500 disabled:opacity-60';
export const ctaPrimary =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';
export const ctaSecondary =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500';

/**
 * One of the user's posts in the dashboard list: photo, name, the details (children), and
 * View / Edit / Delete. Delete is a plain button the page's script turns into the confirmation
 * popup (`data-delete-kind`), so the list needs no hydrated island.
 */
export function PostRow({
  kind,
  id,
  name,
  image,
  viewHref,
  editHref,
  redirect,
  labels,
  toggle,
  children,
}: {
  kind: 'product' | 'request';
  id: number;
  name: string;
  image: string;
  viewHref: string;
  editHref: string;
  /** Where to land after deleting. */
  redirect: string;
  labels: { view: string; edit: string; delete: string; viewNamed: string; editNamed: string; deleteNamed: string };
  /** A request's Close (asks first) or Reopen button. */
  toggle?: { action: 'close' | 'reopen'; label: string; named: string };
  children: ReactNode;
}) {
  const titleId = `${kind}-${id}`;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-3 shadow-xs sm:p-4">
      <article className="flex flex-col gap-3 md:flex-row md:items-center md:gap-4" aria-labelledby={titleId}>
        <div className="flex min-w-0 flex-1 gap-3 sm:gap-4">
          <img src={image} alt="" width={96} height={96} loading="lazy" className="size-20 shrink-0 rounded-lg bg-slate-100 object-cover sm:size-24" />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="line-clamp-2 text-[15px] font-semibold text-slate-900">
              <a href={viewHref} className="hover:text-brand-700 hover:underline">
                {name}
              </a>
            </h2>
            {children}
          </div>
        </div>
        <div className={`grid gap-2 md:flex md:shrink-0 ${toggle ? 'grid-cols-2 sm:grid-cols-4' : 'grid-cols-3'}`}>
          <a href={viewHref} className={actionLink} aria-label={labels.viewNamed}>
            <PIcon name="eye" className="size-4" />
            {labels.view}
          </a>
          <a href={editHref} className={actionLink} aria-label={labels.editNamed}>
            <PIcon name="pencil" className="size-4" />
            {labels.edit}
          </a>
          {toggle && (
            <button type="button" className={actionLink} data-request-toggle={toggle.action} data-id={id} data-name={name} aria-label={toggle.named}>
              <PIcon name={toggle.action === 'close' ? 'lock' : 'retry'} className="size-4" />
              {toggle.label}
            </button>
          )}
          <button type="button" className={actionDanger} data-delete-kind={kind} data-id={id} data-name={name} data-redirect={redirect} aria-label={labels.deleteNamed}>
            <PIcon name="trash" className="size-4" />
            {labels.delete}
          </button>
        </div>
      </article>
    </li>
  );
}
