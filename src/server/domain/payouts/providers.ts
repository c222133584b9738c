import type { Config } from '../../config.ts';
import { createIrisPayouts } from '../../integrations/payouts/iris.ts';
import { createSandboxPayouts, type SandboxPayoutProvider } from '../../integrations/payouts/sandbox.ts';
import type { PayoutProvider } from '../../integrations/payouts/types.ts';

/**
 * Who pays withdrawals out, chosen by PAYOUT_PROVIDER: the sandbox (default, no money moves)
 * or Midtrans Iris. A payout remembers its provider, so callbacks for payouts sent before a
 * switch are still verified by the provider that sent them (when it is still configured).
 */
export interface PayoutProviders {
  sandbox: SandboxPayoutProvider;
  /** The provider new payouts go to. */
  current: PayoutProvider;
  byName(name: string): PayoutProvider | undefined;
  sandboxDelayMs: number;
}

export function createPayoutProviders(config: Pick<Config, 'payouts'>): PayoutProviders {
  const sandbox = createSandboxPayouts({ secret: config.payouts.sandboxSecret });
  const all: PayoutProvider[] = [sandbox, ...(config.payouts.iris ? [createIrisPayouts(config.payouts.iris)] : [])];
  const byName = (name: string) => all.find((p) => p.name === name);
  return { sandbox, current: byName(config.payouts.provider) ?? sandbox, byName, sandboxDelayMs: config.payouts.sandboxDelaySeconds * 1000 };
}
