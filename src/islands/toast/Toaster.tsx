import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { Locale } from '../../lib/i18n/index.ts';
import { I18nProvider, useT } from '../../lib/i18n/react.tsx';
import { $toasts, dismissToast } from '../../lib/stores/toast.ts';
import { CoreIcon } from '../CoreIcon.tsx';
import { showFlash } from '../ui/flash.ts';

/**
 * Bottom-centre toasts (SPEC §9: 5 s), announced politely to screen readers. Every page has
 * it, so it also shows the message the previous page left (`flashNext`).
 */
export default function Toaster({ locale }: { locale: Locale }) {
  return (
    <I18nProvider locale={locale} ns={['common']}>
      <Toasts />
    </I18nProvider>
  );
}

function Toasts() {
  const t = useT();
  const toasts = useStore($toasts);
  useEffect(showFlash, []);
  return (
    <div aria-live="polite" aria-relevant="additions text" className="pointer-events-none fixed inset-x-0 bottom-4 z-[60] flex flex-col items-center gap-2 px-4">
      {toasts.map((item) => (
        <div
          key={item.id}
          data-kind={item.kind}
          className="toast-in pointer-events-auto flex w-full max-w-md items-start gap-3 rounded-xl bg-slate-900 px-4 py-3 text-sm text-white shadow-lg ring-1 ring-black/5"
        >
          <CoreIcon name={item.kind === 'error' ? 'alertCircle' : 'checkCircle'} className={`mt-px size-5 shrink-0 ${item.kind === 'error' ? 'text-red-400' : 'text-brand-300'}`} />
          <p className="flex-1">{item.message}</p>
          <button type="button" onClick={() => dismissToast(item.id)} aria-label={t('toast.dismiss')} className="-m-1 rounded p-1 text-slate-400 hover:text-white focus-visible:outline-2 focus-visible:outline-brand-300">
            <CoreIcon name="close" className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
