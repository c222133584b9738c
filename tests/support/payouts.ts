import { signSandboxPayout, SANDBOX_PAYOUT_SIGNATURE_HEADER } from '../../src/server/integrations/payouts/sandbox.ts';
import { call } from './api.ts';
import { checkoutProduct, getOrder, payOrder, receiptImage, requesterWithAddress, travellerWithProduct } from './orders.ts';

/**
 * A traveller with an earned balance, as it comes to exist: a buyer pays an order, the
 * traveller confirms the purchase and ships it, the buyer confirms receipt (escrow released).
 */
export async function travellerWithEarnings(over: { price?: number } = {}) {
  const { traveller, product } = await travellerWithProduct({ price: over.price ?? 150_000 });
  const buyer = await requesterWithAddress();
  const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id as number;
  await payOrder(buyer.token, id);
  const steps = [
    await call('POST', `/v1/transactions/${id}/confirm-purchase`, { token: traveller.token, body: { receipt_image_id: await receiptImage(traveller.token) } }),
    await call('POST', `/v1/transactions/${id}/deliver-product`, { token: traveller.token, body: { resi: 'JNE0042', courier_name: 'JNE' } }),
    await call('POST', `/v1/transactions/${id}/accepted`, { token: buyer.token }),
  ];
  for (const s of steps) if (s.status !== 200) throw new Error(`order step failed ${s.status} ${JSON.stringify(s.body)}`);
  const order = (await getOrder(traveller.token, id)).body.data;
  if (order.status !== 'completed') throw new Error(`order not completed: ${order.status}`);
  return { traveller, buyer, orderId: id, earned: order.traveler_total as number };
}

/** A bank account of the user's own (POST /v1/banks). */
export async function newBankAccount(token: string, over: { account_bank?: string; account_number?: string; account_name?: string } = {}) {
  const res = await call('POST', '/v1/banks', {
    token,
    body: { account_bank: over.account_bank ?? 'bca', account_name: over.account_name ?? 'Sari Wulandari', account_number: over.account_number ?? '1234567890' },
  });
  if (res.status !== 201 && res.status !== 200) throw new Error(`bank failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data as { id: number; account_number: string };
}

export const balances = async (token: string, lang: 'en' | 'id' = 'en') => (await call('GET', '/v1/balances', { token, lang })).body.data;

export const withdraw = (token: string, body: unknown, lang: 'en' | 'id' = 'en') => call('POST', '/v1/balances/withdraw', { token, body, lang });

/** A payout callback as the sandbox signs it (or with a forged signature). */
export function sandboxPayoutCallback(secret: string, notice: Record<string, unknown>, signature?: string) {
  const raw = JSON.stringify(notice);
  return call('POST', '/v1/payouts/webhooks/sandbox', { raw, headers: { [SANDBOX_PAYOUT_SIGNATURE_HEADER]: signature ?? signSandboxPayout(secret, raw) } });
}
