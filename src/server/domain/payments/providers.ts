import type { PaymentType } from '../../../lib/orders/vocabulary.ts';
import type { Config } from '../../config.ts';
import { createMidtransProvider } from '../../integrations/payments/midtrans.ts';
import { createSandboxProvider } from '../../integrations/payments/sandbox.ts';
import { createStripeProvider } from '../../integrations/payments/stripe.ts';
import type { PaymentProvider } from '../../integrations/payments/types.ts';

/**
 * The payment providers this instance uses, chosen by configuration: bank transfers go to
 * PAYMENT_PROVIDER (the sandbox by default); cards go to Stripe when it is configured.
 */
export interface PaymentProviders {
  sandbox: ReturnType<typeof createSandboxProvider>;
  /** The provider for a payment type, or undefined when none takes it here. */
  forType(type: PaymentType): PaymentProvider | undefined;
  byName(name: string): PaymentProvider | undefined;
  /** The payment types offered (GET /v1/misc/payment-methods). */
  types(): PaymentType[];
}

export function createPaymentProviders(config: Pick<Config, 'payments' | 'publicUrl'>, extra: PaymentProvider[] = []): PaymentProviders {
  const sandbox = createSandboxProvider({ secret: config.payments.sandboxSecret, publicUrl: config.publicUrl });
  const { midtrans, stripe } = config.payments;
  const all: PaymentProvider[] = [
    sandbox,
    ...(midtrans ? [createMidtransProvider(midtrans)] : []),
    ...(stripe ? [createStripeProvider(stripe)] : []),
    ...extra,
  ];
  const byName = (name: string) => all.find((p) => p.name === name);
  const bank = byName(config.payments.provider) ?? sandbox;
  const card = all.find((p) => p.name !== bank.name && p.types.includes('card')) ?? (bank.types.includes('card') ? bank : undefined);
  return {
    sandbox,
    byName,
    forType: (type) => (type === 'card' ? card : bank),
    types: () => (card ? ['bank_transfer', 'card'] : ['bank_transfer']),
  };
}
