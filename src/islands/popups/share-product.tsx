import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { Icon } from '../Icon.tsx';
import { ExtraIcon } from '../catalogue/ExtraIcon.tsx';
import { networkColour, networkGlyph, SHARE_NETWORKS, shareUrl, type ShareNetwork } from '../catalogue/share-links.ts';
import { $catalogueTarget } from '../catalogue/stores.ts';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader } from '../ui/Dialog.tsx';

const COPIED_FOR_MS = 2500;

/** Share a pre-order or request: the networks of SPEC §9 with the page URL and title, or copy the link. */
export default function SharePopup({ close }: PopupProps) {
  const t = useT();
  const target = useStore($catalogueTarget);
  const url = target?.url ?? (typeof location === 'undefined' ? '' : location.href);
  const title = target?.name ?? (typeof document === 'undefined' ? '' : document.title);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const inputId = useId();
  useEffect(() => () => clearTimeout(timer.current), []);

  async function copy() {
    let ok = false;
    try {
      await navigator.clipboard.writeText(url);
      ok = true;
    } catch {
      // No clipboard permission (older browsers, some webviews): select and copy the old way.
      input.current?.select();
      try {
        ok = document.execCommand('copy');
      } catch {
        ok = false;
      }
    }
    setCopied(ok ? 'yes' : 'failed');
    clearTimeout(timer.current);
    if (ok) timer.current = setTimeout(() => setCopied(null), COPIED_FOR_MS);
  }

  const label = (n: ShareNetwork) => t(`market:share.networks.${n}`);
  return (
    <div>
      <DialogHeader title={t('market:share.title')} description={title} />
      <DialogBody className="space-y-5">
        <ul className="grid grid-cols-3 gap-3 sm:grid-cols-6" aria-label={t('market:share.networks_label')}>
          {SHARE_NETWORKS.map((n) => (
            <li key={n}>
              <a
                href={shareUrl(n, url, title)}
                {...(n === 'email' ? {} : { target: '_blank', rel: 'noopener noreferrer' })}
                aria-label={t('market:share.via', { network: label(n) })}
                data-network={n}
                className="group flex flex-col items-center gap-1.5 rounded-lg p-1 text-xs font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <span className="inline-flex size-12 items-center justify-center rounded-full text-white shadow-sm transition group-hover:scale-105" style={{ backgroundColor: networkColour[n] }}>
                  {n === 'email' ? (
                    <ExtraIcon name="envelope" className="size-6" />
                  ) : (
                    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" className="size-6">
                      <path d={networkGlyph[n]} />
                    </svg>
                  )}
                </span>
                <span aria-hidden="true">{label(n)}</span>
              </a>
            </li>
          ))}
        </ul>
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            {t('market:share.link_label')}
          </label>
          <div className="flex gap-2">
            <input
              ref={input}
              id={inputId}
              readOnly
              value={url}
              onFocus={(e) => e.target.select()}
              className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 text-sm text-slate-700 focus:border-brand-400 focus:ring-2 focus:ring-brand-200 focus:outline-none"
            />
            <button
              type="button"
              onClick={() => void copy()}
              className="inline-flex h-10 shrink-0 items-center gap-1.5 rounded-lg bg-slate-900 px-4 text-sm font-semibold text-white hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500"
            >
              {copied === 'yes' ? <Icon name="check" className="size-4" /> : <ExtraIcon name="link" className="size-4" />}
              {copied === 'yes' ? t('market:share.copied') : t('market:share.copy')}
            </button>
          </div>
          <p role="status" className="min-h-5 text-sm text-brand-700">
            {copied === 'yes' ? t('market:share.copied_hint') : copied === 'failed' ? <span className="text-slate-600">{t('market:share.copy_failed')}</span> : null}
          </p>
        </div>
      </DialogBody>
      <DialogActions>
        <Button variant="secondary" onClick={close}>
          {t('ui.close')}
        </Button>
      </DialogActions>
    </div>
  );
}
