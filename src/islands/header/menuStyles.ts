/** Shared look of the header's dropdown panels and their items (Headless UI data-* states). */
export const menuPanel =
  'z-40 min-w-56 origin-top-right rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg outline-none [--anchor-gap:8px] transition duration-100 ease-out data-closed:scale-95 data-closed:opacity-0';
export const menuItem =
  'flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm text-slate-700 data-focus:bg-brand-50 data-focus:text-brand-700';
export const headerButton =
  'inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500 data-open:bg-slate-100';
export const postButton =
  'inline-flex h-10 items-center gap-1.5 rounded-lg border border-brand-500 px-3 text-sm font-semibold text-brand-600 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 data-open:bg-brand-50';
export const mobileMenuButton =
  'inline-flex size-10 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500';
const searchInput =
  'h-10 w-full rounded-full border border-slate-200 bg-slate-50 pr-4 pl-10 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-400 focus:bg-white focus:ring-2 focus:ring-brand-200 focus:outline-none';
/** The header search box's input, the plain one and the combobox's alike. */
export const searchInputProps = (placeholder: string) =>
  ({ type: 'search', name: 'search', placeholder, autoComplete: 'off', enterKeyHint: 'search', maxLength: 100, className: searchInput }) as const;
