import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import { DialogBody, DialogHeader, DialogList } from '../ui/Dialog.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { SELF_PICKUP } from '../../lib/orders/vocabulary.ts';
import { $popupState, setPopupState, type PopupProps } from '../../lib/stores/popup.ts';
import type { ExpeditionOption } from '../../lib/views/orders.ts';
import { ChoiceButton } from '../orders/parts.tsx';
import { $chosenCouriers, $courierQuery } from '../orders/checkout-store.ts';

/**
 * Choose a courier for one trip's products (POST /v1/misc/expeditions). The quotes are kept in
 * `$popupState.couriers` keyed by trip_id; the choice goes to the checkout page's store.
 */
export default function SelectCourierPopup({ close }: PopupProps) {
  const t = useT();
  const query = useStore($courierQuery);
  const cached = useStore($popupState).couriers;
  const chosen = useStore($chosenCouriers);
  const tripId = query?.trip_id;
  const [options, setOptions] = useState<ExpeditionOption[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!query) return;
    const controller = new AbortController();
    api<{ expeditions: ExpeditionOption[] }>('POST', '/misc/expeditions', { body: query, signal: controller.signal })
      .then(({ data }) => {
        setOptions(data.expeditions);
        setPopupState({ couriers: { ...($popupState.get().couriers ?? {}), [query.trip_id]: data.expeditions } });
      })
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setError(err.message);
      });
    return () => controller.abort();
  }, [query]);

  if (!query || tripId === undefined) return null;
  const list = options ?? (cached?.[tripId] as ExpeditionOption[] | undefined) ?? null;
  const current = chosen[String(tripId)];

  function choose(option: ExpeditionOption) {
    $chosenCouriers.setKey(String(tripId), option);
    close();
  }

  return (
    <div>
      <DialogHeader title={t('orders-buy:courier.title')} description={t('orders-buy:courier.description')} />
      <DialogBody className="pb-5">
        {error ? (
          <p role="alert" className="rounded-lg bg-rose-50 px-3 py-3 text-sm text-rose-700">{error}</p>
        ) : !list ? (
          <Loading label={t('orders-buy:common.loading')} />
        ) : list.length === 0 ? (
          <p className="py-6 text-center text-sm text-slate-500">{t('orders-buy:courier.none')}</p>
        ) : (
          <DialogList>
            <ul aria-label={t('orders-buy:courier.title')} className="space-y-1.5 p-2">
              {list.map((o) => {
                const selected = current?.shipping_id === o.shipping_id;
                return (
                  <li key={o.shipping_id}>
                    <ChoiceButton
                      icon={o.shipping_id === SELF_PICKUP ? 'mapPin' : 'cube'}
                      label={o.courier_name}
                      extra={<span className="text-sm font-bold text-brand-600">{formatRupiah(o.total_price)}</span>}
                      selected={selected}
                      onClick={() => choose(o)}
                    />
                  </li>
                );
              })}
            </ul>
          </DialogList>
        )}
      </DialogBody>
    </div>
  );
}
