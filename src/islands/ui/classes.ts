/**
 * The look of the controls, in one place. Every text-like control (inputs, text areas, the
 * buttons of pickers) shares `inputClass`; the pickers' drop-downs share `menuClass` and
 * `optionClass`.
 */
export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-xs ' +
  'placeholder:text-slate-400 transition-colors focus:border-brand-500 focus:outline-none focus:ring-4 focus:ring-brand-100 ' +
  'aria-invalid:border-red-500 aria-invalid:focus:ring-red-100 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-400 sm:text-sm';

/** A picker's drop-down panel (anchored under its input; scrolls past 18rem). */
export const menuClass =
  'z-[55] rounded-lg border border-slate-200 bg-white p-1 text-sm shadow-lg [--anchor-gap:4px] [--anchor-max-height:18rem] ' +
  'transition-opacity duration-100 focus:outline-none data-closed:opacity-0';

/** One option of a drop-down; its check mark is `group-data-selected:visible`. */
export const optionClass =
  'group flex w-full cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-sm text-slate-700 select-none ' +
  'data-focus:bg-brand-50 data-focus:text-brand-900 data-selected:font-medium';

/** A link in running text. */
export const linkClass = 'font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:underline';
