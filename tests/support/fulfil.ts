import { call } from './api.ts';
import { checkoutProduct, payOrder, receiptImage, requesterWithAddress, travellerWithProduct } from './orders.ts';

/** A paid order of one product, the traveller and the buyer (an address in Jakarta). */
export async function paidOrder(over: { shippingId?: string; price?: number; traveller?: Awaited<ReturnType<typeof travellerWithProduct>> } = {}) {
  const seller = over.traveller ?? (await travellerWithProduct({ price: over.price }));
  const buyer = await requesterWithAddress();
  const res = await checkoutProduct(buyer, seller.product, { shippingId: over.shippingId });
  if (res.status !== 201) throw new Error(`checkout failed ${JSON.stringify(res.body)}`);
  const id = res.body.data.transactions[0].id as number;
  await payOrder(buyer.token, id);
  return { ...seller, buyer, id };
}

async function step(token: string, id: number, path: string, body?: unknown) {
  const res = await call('POST', `/v1/transactions/${id}/${path}`, { token, body });
  if (res.status !== 200) throw new Error(`${path} failed ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** Confirms the purchase with a receipt photo and ships it; answers the shipped order's id. */
export async function shippedOrder(over: Parameters<typeof paidOrder>[0] = {}) {
  const o = await paidOrder(over);
  await step(o.traveller.token, o.id, 'confirm-purchase', { receipt_image_id: await receiptImage(o.traveller.token), notes: 'Bought at the airport' });
  await step(o.traveller.token, o.id, 'deliver-product', { resi: 'JNE0012345', courier_name: 'JNE' });
  return o;
}

/** A shipped order the buyer confirmed: completed, escrow released. */
export async function completedOrder(over: Parameters<typeof paidOrder>[0] = {}) {
  const o = await shippedOrder(over);
  await step(o.buyer.token, o.id, 'accepted');
  return o;
}

export const rate = (who: { token: string }, body: Record<string, unknown>, lang: 'en' | 'id' = 'en') => call('POST', '/v1/ratings', { token: who.token, body, lang });
