import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { Alert } from '../ui/Alert.tsx';
import { DialogBody, DialogHeader } from '../ui/Dialog.tsx';
import { Loading } from '../ui/Spinner.tsx';
import { ChoiceButton } from '../orders/parts.tsx';
import { $paymentMethod } from '../orders/checkout-store.ts';

type Method = { payment_type: 'bank_transfer' | 'card'; name: string };

/** Choose how to pay (GET /v1/misc/payment-methods); the choice goes to the checkout page. */
export default function SelectPaymentMethodPopup({ close }: PopupProps) {
  const t = useT();
  const current = useStore($paymentMethod);
  const [methods, setMethods] = useState<Method[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api.get('/misc/payment-methods', { signal: controller.signal })
      .then((data) => setMethods(data.methods))
      .catch((err: Error) => {
        if (err.name !== 'AbortError') setError(err.message);
      });
    return () => controller.abort();
  }, []);

  function choose(m: Method) {
    $paymentMethod.set(m);
    close();
  }

  return (
    <div>
      <DialogHeader title={t('orders-buy:method.title')} description={t('orders-buy:method.description')} />
      <DialogBody className="pb-5">
        {error ? (
          <Alert kind="error">{error}</Alert>
        ) : !methods ? (
          <Loading label={t('orders-buy:common.loading')} />
        ) : (
          <ul aria-label={t('orders-buy:method.title')} className="space-y-1.5">
            {methods.map((m) => {
              const selected = current?.payment_type === m.payment_type;
              return (
                <li key={m.payment_type}>
                  <ChoiceButton icon={m.payment_type === 'card' ? 'card' : 'bank'} label={m.name} selected={selected} onClick={() => choose(m)} />
                </li>
              );
            })}
          </ul>
        )}
      </DialogBody>
    </div>
  );
}
