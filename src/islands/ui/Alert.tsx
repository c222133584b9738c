import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon } from './icons.tsx';
import type { Notice } from './use-zod-form.ts';

const styles = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-brand-200 bg-brand-50 text-brand-900',
  info: 'border-slate-200 bg-slate-50 text-slate-700',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

/** A message about the whole form or page: the server's answer, an error, a success. */
export function Alert({ kind, children }: { kind: keyof typeof styles; children: ReactNode }) {
  return (
    <div role={kind === 'error' ? 'alert' : 'status'} className={`flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm ${styles[kind]}`}>
      {kind === 'success' ? <CheckIcon className="mt-0.5 size-4 shrink-0" /> : <AlertIcon className="mt-0.5 size-4 shrink-0" />}
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}

/** The form hook's notice, when there is one. */
export function FormNotice({ notice, children }: { notice: Notice; children?: ReactNode }) {
  if (!notice) return null;
  return (
    <Alert kind={notice.kind}>
      {notice.text}
      {children}
    </Alert>
  );
}
