import { describe, expect, it } from 'vitest';
import { call, newUser } from '../support/api.ts';
import { checkoutProduct, getOrder, receiptImage, requesterWithAddress, sandboxWebhook, travellerWithProduct } from '../support/orders.ts';

async function orderAwaitingPayment() {
  const { traveller, product } = await travellerWithProduct();
  const buyer = await requesterWithAddress();
  const id = (await checkoutProduct(buyer, product)).body.data.transactions[0].id as number;
  return { traveller, buyer, id, product };
}

describe('payments (sandbox provider)', () => {
  it('starts a payment with a hosted page and virtual account, and resumes the same attempt', async () => {
    const { buyer, id } = await orderAwaitingPayment();
    const first = await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: {} });
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ provider: 'sandbox', payment_type: 'bank_transfer', amount: (await getOrder(buyer.token, id)).body.data.total_price });
    expect(first.body.data.redirect_url).toMatch(/^http:\/\/titipan\.test\/payment\/sandbox\/TTP-/);
    expect(first.body.data.instructions.va_number).toMatch(/^8808\d{9}$/);
    const again = await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: { payment_type: 'bank_transfer' } });
    expect(again.body.data.payment_id).toBe(first.body.data.payment_id);
  });

  it('only the requester pays, only an order awaiting payment, only offered methods', async () => {
    const { traveller, buyer, id } = await orderAwaitingPayment();
    expect((await call('POST', `/v1/transactions/${id}/pay`, { token: traveller.token, body: {} })).status).toBe(403);
    expect((await call('POST', `/v1/transactions/${id}/pay`, { token: (await newUser()).token, body: {} })).status).toBe(404);
    const card = await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, lang: 'id', body: { payment_type: 'card' } });
    expect(card.status).toBe(422);
    const methods = await call('GET', '/v1/misc/payment-methods');
    expect(methods.body.data.methods.map((m: any) => m.payment_type)).toEqual(['bank_transfer']);
    const bad = await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, lang: 'id', body: { payment_type: 'cash' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.payment_type).toBe('Pilih payment method terlebih dahulu');
  });

  it('a tampered or forged webhook is refused and changes nothing', async () => {
    const { buyer, id } = await orderAwaitingPayment();
    const pay = (await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: {} })).body.data;
    const notice = { event_id: `evt-${pay.payment_id}`, reference: pay.token, status: 'paid', amount: pay.amount };
    expect((await sandboxWebhook(notice, { secret: 'not-the-secret' })).status).toBe(400);
    expect((await sandboxWebhook(notice, { signature: '' })).status).toBe(400);
    // Signed, then the amount changed in transit: the signature no longer matches.
    const signed = await sandboxWebhook({ ...notice, amount: 1 }, { signature: 'a'.repeat(64) });
    expect(signed.status).toBe(400);
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('awaiting_payment');
    // A genuine notice for a different amount is recorded but confirms nothing.
    const wrongAmount = await sandboxWebhook({ ...notice, event_id: `evt-wrong-${pay.payment_id}`, amount: pay.amount - 1 });
    expect(wrongAmount.body.data.outcome).toBe('amount_mismatch');
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('awaiting_payment');
  });

  it('a replayed webhook changes nothing: paid once, escrow posted once', async () => {
    const { buyer, traveller, id } = await orderAwaitingPayment();
    const pay = (await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: {} })).body.data;
    const notice = { event_id: `evt-${pay.payment_id}`, reference: pay.token, status: 'paid', amount: pay.amount };
    const results = await Promise.all(Array.from({ length: 5 }, () => sandboxWebhook(notice)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(results.map((r) => r.body.data.outcome).sort()).toEqual(['confirmed', 'duplicate', 'duplicate', 'duplicate', 'duplicate']);
    const order = (await getOrder(buyer.token, id)).body.data;
    expect(order.status).toBe('paid');
    expect(order.histories.filter((h: any) => h.event === 'confirm_payment')).toHaveLength(1);
    // The money is in escrow, not yet anyone's balance.
    expect((await call('GET', '/v1/balances', { token: traveller.token })).body.data.balance).toBe(0);
  });

  it('cancelling a paid order returns every rupiah to the buyer\'s balance', async () => {
    const { buyer, traveller, id } = await orderAwaitingPayment();
    const pay = (await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: {} })).body.data;
    await sandboxWebhook({ event_id: `evt-${pay.payment_id}`, reference: pay.token, status: 'paid', amount: pay.amount });
    const res = await call('POST', `/v1/transactions/${id}/cancel`, { token: traveller.token, body: { canceled_reason: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', canceled_by: 'traveler', canceled_reason: 'The item is sold out at the store' });
    const balance = (await call('GET', '/v1/balances', { token: buyer.token })).body.data;
    expect(balance.balance).toBe(pay.amount);
    expect(balance.history[0]).toMatchObject({ kind: 'refund', amount: pay.amount, transaction_id: id });
  });

  it('a payment that arrives after the order was cancelled is credited to the buyer, not lost', async () => {
    const { buyer, id } = await orderAwaitingPayment();
    const pay = (await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: {} })).body.data;
    await call('POST', `/v1/transactions/${id}/cancel`, { token: buyer.token, body: { canceled_reason: 1 } });
    const late = await sandboxWebhook({ event_id: `evt-${pay.payment_id}`, reference: pay.token, status: 'paid', amount: pay.amount });
    expect(late.body.data.outcome).toBe('late_payment_credited');
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('cancelled');
    expect((await call('GET', '/v1/balances', { token: buyer.token })).body.data.balance).toBe(pay.amount);
  });

  it('completing an order pays the traveller their total; the fees stay with the platform', async () => {
    const { buyer, traveller, id } = await orderAwaitingPayment();
    const pay = (await call('POST', `/v1/transactions/${id}/pay`, { token: buyer.token, body: {} })).body.data;
    await sandboxWebhook({ event_id: `evt-${pay.payment_id}`, reference: pay.token, status: 'paid', amount: pay.amount });
    const receipt = await receiptImage(traveller.token);
    expect((await call('POST', `/v1/transactions/${id}/confirm-purchase`, { token: traveller.token, body: { receipt_image_id: receipt } })).status).toBe(200);
    const shipped = await call('POST', `/v1/transactions/${id}/deliver-product`, { token: traveller.token, body: { resi: 'JNE123456', courier_name: 'JNE' } });
    expect(shipped.body.data).toMatchObject({ status: 'shipped', stage: 'pengiriman', status_detail: 'On the way' });
    const done = await call('POST', `/v1/transactions/${id}/accepted`, { token: buyer.token });
    expect(done.body.data).toMatchObject({ status: 'completed', stage: 'selesai', status_detail: 'Order received' });
    const sale = (await getOrder(traveller.token, id)).body.data;
    expect((await call('GET', '/v1/balances', { token: traveller.token })).body.data.balance).toBe(sale.traveler_total);
  });
});
