import { useT } from '../../lib/i18n/react.tsx';
import { Icon } from '../Icon.tsx';

/** A plain GET form, so search works before and without JavaScript. Suggestions come later. */
export function SearchBox({ initial }: { initial?: string }) {
  const t = useT();
  return (
    <form role="search" action="/products/user" method="get" className="relative w-full">
      <label className="block">
        <span className="sr-only">{t('nav.search_label')}</span>
        <Icon name="search" className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-400" />
        <input
          type="search"
          name="search"
          defaultValue={initial}
          placeholder={t('nav.search_placeholder')}
          autoComplete="off"
          enterKeyHint="search"
          maxLength={100}
          className="h-10 w-full rounded-full border border-slate-200 bg-slate-50 pr-4 pl-10 text-sm text-slate-900 placeholder:text-slate-400 focus:border-brand-400 focus:bg-white focus:ring-2 focus:ring-brand-200 focus:outline-none"
        />
      </label>
    </form>
  );
}
