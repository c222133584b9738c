import type { ReactNode } from 'react';

/** A card holding one group of a page form's fields, its heading led by a round icon. */
export function Section({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-xs sm:p-6">
      <h2 className="mb-5 flex items-center gap-2.5 text-base font-semibold text-slate-900">
        <span className="inline-flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">{icon}</span>
        {title}
      </h2>
      <div className="space-y-5">{children}</div>
    </section>
  );
}
