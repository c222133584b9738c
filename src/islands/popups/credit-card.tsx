import { useStore } from '@nanostores/react';
import { loadStripe, type Stripe, type StripeElements, type StripePaymentElement } from '@stripe/stripe-js';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { formatRupiah } from '../../lib/format.ts';
import { useT } from '../../lib/i18n/react.tsx';
import type { PopupProps } from '../../lib/stores/popup.ts';
import { useSession } from '../IslandRoot.tsx';
import { $cardCharge } from '../orders/card-store.ts';
import { Alert } from '../ui/Alert.tsx';
import { Button } from '../ui/Button.tsx';
import { DialogActions, DialogBody, DialogHeader } from '../ui/Dialog.tsx';
import { Loading } from '../ui/Spinner.tsx';

type Stage = 'loading' | 'ready' | 'paying' | 'sent' | 'unavailable';

/**
 * Pays one order by card: Stripe's Payment Element (card fields in Stripe's own frame, so card
 * numbers never touch Titipan) confirms the PaymentIntent the API created. The order is paid
 * only when Stripe's signed webhook says so; until then the popup says the payment is being
 * confirmed, and the payment page reloads by itself once it is.
 */
export default function CreditCardPopup({ close }: PopupProps) {
  const t = useT();
  const { flags, locale } = useSession();
  const charge = useStore($cardCharge);
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [stage, setStage] = useState<Stage>('loading');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const key = flags.stripePublishableKey;
    if (!charge || !key) {
      setStage('unavailable');
      return;
    }
    let gone = false;
    let element: StripePaymentElement | undefined;
    loadStripe(key, { locale: locale === 'id' ? 'id' : 'en' })
      .then((stripe) => {
        if (gone || !mountRef.current) return;
        if (!stripe) throw new Error('Stripe.js did not load');
        const elements = stripe.elements({ clientSecret: charge.clientSecret, appearance: { theme: 'stripe', variables: { colorPrimary: '#15803d', borderRadius: '8px' } } });
        element = elements.create('payment', { layout: 'tabs' });
        element.on('ready', () => !gone && setStage('ready'));
        element.mount(mountRef.current);
        stripeRef.current = { stripe, elements };
      })
      .catch(() => !gone && setStage('unavailable'));
    return () => {
      gone = true;
      element?.destroy();
    };
  }, [charge, flags.stripePublishableKey, locale]);

  async function pay(event: FormEvent) {
    event.preventDefault();
    const ready = stripeRef.current;
    if (!ready || !charge) return;
    setStage('paying');
    setError(null);
    try {
      const { error: failed } = await ready.stripe.confirmPayment({
        elements: ready.elements,
        redirect: 'if_required',
        // Only for a card that insists on a redirect (some 3-D Secure flows): back to this order.
        confirmParams: { return_url: `${location.origin}/dashboard/payment/${charge.orderId}` },
      });
      if (failed) {
        setError(failed.message ?? t('orders-buy:card.declined'));
        setStage('ready');
        return;
      }
      setStage('sent');
    } catch {
      setError(t('orders-buy:card.failed'));
      setStage('ready');
    }
  }

  return (
    <form onSubmit={pay} data-testid="credit-card" noValidate>
      <DialogHeader title={t('orders-buy:card.title')} description={charge ? t('orders-buy:card.description', { amount: formatRupiah(charge.amount) }) : undefined} />
      <DialogBody className="space-y-3 pb-4">
        {stage === 'unavailable' ? (
          <Alert kind="error">{t('orders-buy:card.unavailable')}</Alert>
        ) : stage === 'sent' ? (
          <Alert kind="success">{t('orders-buy:card.sent')}</Alert>
        ) : (
          <>
            {stage === 'loading' && <Loading label={t('orders-buy:card.loading')} className="py-2" />}
            <div ref={mountRef} data-testid="card-element" className="min-h-12" />
            {error && <Alert kind="error">{error}</Alert>}
            <p className="text-xs leading-5 text-slate-500">{t('orders-buy:card.secure_note')}</p>
          </>
        )}
      </DialogBody>
      <DialogActions>
        {stage === 'sent' || stage === 'unavailable' ? (
          <Button onClick={close} data-autofocus>
            {t('orders-buy:card.close')}
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close} disabled={stage === 'paying'}>
              {t('orders-buy:common.cancel')}
            </Button>
            <Button type="submit" loading={stage === 'paying'} loadingLabel={t('orders-buy:card.paying')} disabled={stage !== 'ready'}>
              {charge ? t('orders-buy:card.pay', { amount: formatRupiah(charge.amount) }) : t('orders-buy:payment.pay')}
            </Button>
          </>
        )}
      </DialogActions>
    </form>
  );
}
