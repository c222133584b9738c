import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api, isUnauthenticated } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { $popupState, openPopup, setPopupState, type PopupProps } from '../../lib/stores/popup.ts';
import { toast } from '../../lib/stores/toast.ts';
import { addressLines } from '../settings/address-lines.ts';
import { Glyph } from '../settings/Glyph.tsx';
import type { AddressView } from '../../lib/views/index.ts';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader, DialogList } from '../ui/Dialog.tsx';
import { EmptyState } from '../ui/EmptyState.tsx';
import { redirectToLogin } from '../ui/flash.ts';
import { Skeleton } from '../ui/Skeleton.tsx';
import { formatPhone } from '../../lib/phone-format.ts';

/** SPEC §9: addresses are listed 100 at a time. */
const PER_PAGE = 100;

/**
 * Choose where an order goes: the user's addresses as cards. Choosing one puts it in
 * `$popupState.address` (the posting and checkout pages read it) and closes.
 */
export default function SelectAddressPopup({ close }: PopupProps) {
  const t = useT();
  const current = useStore($popupState).address;
  const [addresses, setAddresses] = useState<AddressView[] | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.get('/addresses', { query: { per_page: PER_PAGE, orderBy: 'created_at', sort: 'desc' }, signal: controller.signal })
      .then((data) => setAddresses(data.rows))
      .catch((err: Error) => {
        if (err.name === 'AbortError') return;
        if (isUnauthenticated(err)) return redirectToLogin();
        toast.error(err.message);
        setAddresses([]);
      });
    return () => controller.abort();
  }, []);

  function choose(address: AddressView) {
    setPopupState({ address });
    close();
  }

  return (
    <div>
      <DialogHeader title={t('settings:select_address.title')} description={t('settings:select_address.description')} />
      <DialogBody className="pb-4">
        {addresses === null ? (
          <div role="status" className="space-y-2">
            <span className="sr-only">{t('ui.loading')}</span>
            {[0, 1].map((i) => (
              <div key={i} className="space-y-2 rounded-xl border border-slate-200 p-4">
                <Skeleton className="h-4 w-24" />
                <Skeleton className="h-3.5 w-2/3" />
                <Skeleton className="h-3.5 w-5/6" />
              </div>
            ))}
          </div>
        ) : addresses.length === 0 ? (
          <EmptyState compact icon={<Glyph name="mapPin" className="size-6" />} text={t('settings:select_address.empty')} />
        ) : (
          <DialogList>
            <ul aria-label={t('settings:select_address.list')} className="space-y-2 p-2">
              {addresses.map((a) => {
                const lines = addressLines(a);
                const selected = current?.id === a.id;
                return (
                  <li key={a.id}>
                    <button
                      type="button"
                      onClick={() => choose(a)}
                      aria-current={selected ? 'true' : undefined}
                      aria-label={t('settings:select_address.choose', { label: a.label })}
                      className={`block w-full rounded-xl border p-3.5 text-left transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ${
                        selected ? 'border-brand-400 bg-brand-50 ring-1 ring-brand-400' : 'border-slate-200 hover:border-brand-300 hover:bg-slate-50'
                      }`}
                    >
                      <span className="flex items-center gap-2">
                        <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">{a.label}</span>
                        {selected && (
                          <span className="ml-auto inline-flex items-center gap-1 text-xs font-semibold text-brand-700">
                            <Glyph name="checkCircle" className="size-4" />
                            {t('settings:select_address.selected')}
                          </span>
                        )}
                      </span>
                      <span className="mt-2 block text-sm font-semibold text-slate-900">
                        {a.name} <span className="font-normal text-slate-500">· {formatPhone(a.phone_number)}</span>
                      </span>
                      <span className="mt-0.5 block text-sm text-slate-600">{lines.street}</span>
                      <span className="block text-sm text-slate-600">{[lines.area, lines.country].filter(Boolean).join(', ')}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </DialogList>
        )}
      </DialogBody>
      <DialogActions>
        <Button
          variant="secondary"
          onClick={() => openPopup('form-address', { mode: 'create', next: { popup: 'select-address' } })}
          icon={<Glyph name="plus" className="size-4" />}
          data-autofocus={addresses?.length === 0 || undefined}
        >
          {t('settings:select_address.add')}
        </Button>
      </DialogActions>
    </div>
  );
}
