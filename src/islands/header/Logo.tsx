import { useT } from '../../lib/i18n/react.tsx';

/** `compactOnPhones`: the wordmark only from `sm` up (a signed-in header holds more icons). */
export function Logo({ compactOnPhones = false }: { compactOnPhones?: boolean }) {
  const t = useT();
  return (
    <a href="/" className="flex shrink-0 items-center gap-2 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500" aria-label={t('nav.home')}>
      <svg viewBox="0 0 64 64" className="size-9" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill="#3fb26f" />
        <path d="M18 22h28v6H35v20h-6V28H18z" fill="#fff" />
        <circle cx="46" cy="44" r="5" fill="#fff" />
      </svg>
      <span className={`text-xl font-bold tracking-tight text-slate-900 ${compactOnPhones ? 'hidden sm:inline' : ''}`}>Titipan</span>
    </a>
  );
}
