import { call } from './api.ts';
import { pngBytes, uploadImage } from './fixtures.ts';
import { checkoutProduct, payOrder, receiptImage, requesterWithAddress, travellerWithProduct } from './orders.ts';

/** A paid order the traveller bought and shipped with a tracking number (stage pengiriman). */
export async function shippedOrder(opts: { lang?: 'en' | 'id' } = {}) {
  const { traveller, product, trip } = await travellerWithProduct();
  const buyer = await requesterWithAddress();
  const id = (await checkoutProduct(buyer, product, { lang: opts.lang })).body.data.transactions[0].id as number;
  await payOrder(buyer.token, id);
  const bought = await call('POST', `/v1/transactions/${id}/confirm-purchase`, { token: traveller.token, body: { receipt_image_id: await receiptImage(traveller.token) } });
  if (bought.status !== 200) throw new Error(`confirm-purchase failed ${JSON.stringify(bought.body)}`);
  const shipped = await call('POST', `/v1/transactions/${id}/deliver-product`, { token: traveller.token, body: { resi: 'JNE0042', courier_name: 'JNE' } });
  if (shipped.status !== 200) throw new Error(`deliver failed ${JSON.stringify(shipped.body)}`);
  return { traveller, buyer, product, trip, id, order: shipped.body.data };
}

/** A photo uploaded by `token`'s user (its image id). */
export async function photo(token: string, color = '#cc3344') {
  const up = await uploadImage(token, await pngBytes(color, 400, 300));
  if (up.status !== 201 && up.status !== 200) throw new Error(`upload failed ${JSON.stringify(up.body)}`);
  return up.body.data.filename as string;
}

/** Files a complaint (reason 'damaged', one photo) and returns the response. */
export async function complain(token: string, id: number, body: Record<string, unknown> = {}) {
  return call('POST', `/v1/transactions/${id}/refund`, { token, body: { reason: 'damaged', note: 'The box was crushed', image_ids: [await photo(token)], ...body } });
}

export const balanceOf = async (token: string) => (await call('GET', '/v1/balances', { token })).body.data.balance as number;
