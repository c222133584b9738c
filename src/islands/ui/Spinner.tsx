/** A turning circle in the current text colour; decorative (say what is loading next to it). */
export function Spinner({ className = 'size-5' }: { className?: string }) {
  return (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/** A block saying something is on its way ('Loading…'), announced once to screen readers. */
export function Loading({ label, className = 'py-6' }: { label: string; className?: string }) {
  return (
    <div role="status" className={`flex items-center justify-center gap-2 text-sm text-slate-500 ${className}`}>
      <Spinner className="size-5 text-brand-500" />
      <span>{label}</span>
    </div>
  );
}
