/**
 * Complaints → refunds → appeals (SPEC §4, §5, §7, §9) on a server of this file's own with a
 * clock the test moves (the 2 × 24 h default), and the operator console's appeals, reports,
 * help tickets and proof-of-travel checks. Runs on PGlite, or PostgreSQL with API_DB=postgres.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema.ts';
import { call, newUser } from '../support/api.ts';
import { balanceOf, complain, photo, shippedOrder } from '../support/after-sales.ts';
import { getOrder } from '../support/orders.ts';
import { operatorToken } from '../support/operators.ts';
import { useClockedServer } from '../support/clocked-server.ts';

const HOUR = 3_600_000;
const time = useClockedServer();

const runJobsOf = (...ids: number[]) => time.server.app.jobs.runDue({ keys: ids.map((id) => `order:${id}`) });
async function signIn(user: { email: string; password: string }) {
  const res = await call('POST', '/v1/login', { body: { email: user.email, password: user.password } });
  return res.body.data.token as string;
}
const post = (token: string | undefined, path: string, body: unknown = {}, lang: 'en' | 'id' = 'en') => call('POST', `/v1/transactions${path}`, { token, body, lang });

describe('the complaint', () => {
  it('opens the refund with a reason and photos; the traveller has 2 × 24 hours', async () => {
    time.offset = 0;
    const { buyer, traveller, id } = await shippedOrder();
    expect((await getOrder(buyer.token, id)).body.data.actions).toContain('complain');
    const res = await complain(buyer.token, id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Complaint filed. The traveller has 2 × 24 hours to respond.');
    const order = res.body.data;
    expect(order).toMatchObject({ status: 'complained', stage: 'refund', status_detail: 'Complaint filed' });
    expect(order.after_sales.complaint).toMatchObject({ reason: 'damaged', reason_text: 'The item arrived damaged', note: 'The box was crushed' });
    expect(order.after_sales.complaint.images).toHaveLength(1);
    expect(Date.parse(order.deadline_at) - Date.now()).toBeGreaterThan(47 * HOUR);
    expect(Date.parse(order.deadline_at) - Date.now()).toBeLessThanOrEqual(48 * HOUR + 60_000);
    expect(order.actions.sort()).toEqual(['appeal', 'cancel_refund', 'ship_return']);
    const seen = (await getOrder(traveller.token, id, 'id')).body.data;
    expect(seen.actions.sort()).toEqual(['accept_refund', 'reject_refund']);
    expect(seen.after_sales.complaint.reason_text).toBe('Barang sampai dalam keadaan rusak');
  });

  it('refuses a missing reason, "other" without a note, another user\'s photo, and out of turn', async () => {
    const { buyer, traveller, id } = await shippedOrder();
    const none = await post(buyer.token, `/${id}/refund`, {}, 'id');
    expect(none.status).toBe(422);
    expect(none.body.errors.reason).toBe('Pilih alasan komplain');
    const other = await post(buyer.token, `/${id}/refund`, { reason: 'other' });
    expect(other.status).toBe(422);
    expect(other.body.errors.note).toBe('Describe the problem');
    const foreign = await post(buyer.token, `/${id}/refund`, { reason: 'damaged', image_ids: [await photo(traveller.token)] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors.image_ids).toBe('Upload the photos again');
    const tooMany = await post(buyer.token, `/${id}/refund`, { reason: 'damaged', image_ids: Array.from({ length: 7 }, () => crypto.randomUUID()) });
    expect(tooMany.body.errors.image_ids).toBe('At most 6 photos');
    expect((await post(traveller.token, `/${id}/refund`, { reason: 'damaged' })).status).toBe(403);
    expect((await post((await newUser()).token, `/${id}/refund`, { reason: 'damaged' })).status).toBe(404);
    expect((await post(undefined, `/${id}/refund`, { reason: 'damaged' })).status).toBe(401);
    // The order did not move.
    expect((await getOrder(buyer.token, id)).body.data.status).toBe('shipped');
  });

  it('cannot be filed before the order ships', async () => {
    const { buyer, id } = await shippedOrder();
    await complain(buyer.token, id);
    const again = await complain(buyer.token, id);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('INVALID_TRANSITION');
  });
});

describe('refund', () => {
  it('return shipped → accepted → finished: the whole payment goes to the requester\'s balance', async () => {
    time.offset = 0;
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id, { reason: 'wrong_item' });
    const missing = await post(buyer.token, `/refund/${id}/ship`, { courier_name: 'J' }, 'id');
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ resi: 'Masukkan nomor resi', courier_name: 'Masukkan nama kurir' });
    const shipped = await post(buyer.token, `/refund/${id}/ship`, { resi: 'SICEPAT123', courier_name: 'SiCepat' });
    expect(shipped.status).toBe(200);
    expect(shipped.body.data.after_sales.return_shipment).toMatchObject({ resi: 'SICEPAT123', courier_name: 'SiCepat' });
    expect((await post(buyer.token, `/refund/${id}/ship`, { resi: 'SICEPAT124', courier_name: 'SiCepat' })).status).toBe(409);
    // Once the goods went back, the requester cannot cancel.
    const cancel = await post(buyer.token, `/refund/${id}/cancel`);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe('The return has already been shipped');
    const accepted = await post(traveller.token, `/refund/${id}/accept`);
    expect(accepted.body.data).toMatchObject({ status: 'refund_accepted', actions: ['finish_refund'] });
    const before = await balanceOf(buyer.token);
    const done = await post(traveller.token, `/refund/${id}/done`);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ status: 'refunded', stage: 'refund', actions: [] });
    expect(await balanceOf(buyer.token)).toBe(before + done.body.data.total_price);
    expect(await balanceOf(traveller.token)).toBe(0);
  });

  it('the traveller finishes a refund only once the return is shipped', async () => {
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id);
    await post(traveller.token, `/refund/${id}/accept`);
    const early = await post(traveller.token, `/refund/${id}/done`);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe('The requester has not shipped the return yet');
    expect((await post(buyer.token, `/refund/${id}/done`)).status).toBe(403);
  });

  it('rejected with a listed reason ("other" needs a note) → the requester accepts the rejection → the traveller is paid', async () => {
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id);
    const none = await post(traveller.token, `/refund/${id}/reject`, {}, 'id');
    expect(none.body.errors.rejected_reason).toBe('Pilih alasan penolakan');
    const other = await post(traveller.token, `/refund/${id}/reject`, { rejected_reason: 'other' }, 'id');
    expect(other.status).toBe(422);
    expect(other.body.errors.note).toBe('Tuliskan alasan Anda');
    const bad = await post(traveller.token, `/refund/${id}/reject`, { rejected_reason: 'because' });
    expect(bad.status).toBe(422);
    const rejected = await post(traveller.token, `/refund/${id}/reject`, { rejected_reason: 'damage_not_functional' });
    expect(rejected.body.data).toMatchObject({ status: 'refund_rejected', actions: [] });
    const seen = (await getOrder(buyer.token, id)).body.data;
    expect(seen.after_sales.response).toMatchObject({ outcome: 'rejected', reason_text: 'The damage does not affect how it works' });
    expect(seen.actions.sort()).toEqual(['appeal', 'approve_rejection', 'cancel_refund']);
    const approved = await post(buyer.token, `/refund/${id}/approve-rejection`);
    expect(approved.body.data.status).toBe('completed');
    expect(await balanceOf(traveller.token)).toBe((await getOrder(traveller.token, id)).body.data.traveler_total);
  });

  it('a rejection with "other" keeps the traveller\'s own words', async () => {
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id);
    await post(traveller.token, `/refund/${id}/reject`, { rejected_reason: 'other', note: 'Photos show a different box' });
    expect((await getOrder(buyer.token, id)).body.data.after_sales.response.reason_text).toBe('Photos show a different box');
  });

  it('the requester cancels the refund request before shipping: the order completes', async () => {
    const { buyer, id } = await shippedOrder();
    await complain(buyer.token, id);
    const res = await post(buyer.token, `/refund/${id}/cancel`);
    expect(res.body).toMatchObject({ message: 'Refund request cancelled', data: { status: 'completed', stage: 'selesai' } });
  });

  it('accept and reject fired at once: exactly one wins', async () => {
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id);
    const [a, r] = await Promise.all([post(traveller.token, `/refund/${id}/accept`), post(traveller.token, `/refund/${id}/reject`, { rejected_reason: 'evidence_insufficient' })]);
    expect([a.status, r.status].sort()).toEqual([200, 409]);
    const history = (await getOrder(buyer.token, id)).body.data.histories.filter((h: { event: string }) => ['accept_refund', 'reject_refund'].includes(h.event));
    expect(history).toHaveLength(1);
  });
});

describe('deadlines of the after-sales flow (the injected clock)', () => {
  it('a traveller who does not answer within 2 × 24 hours loses by default: the requester is refunded', async () => {
    time.offset = 0;
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id);
    time.offset = 47 * HOUR;
    expect(await runJobsOf(id)).toBe(0);
    expect((await getOrder(await signIn(buyer), id)).body.data.status).toBe('complained');
    time.offset = 48 * HOUR + 60_000;
    // Past the window the traveller can no longer answer, even before the job runs.
    const late = await post(await signIn(traveller), `/refund/${id}/reject`, { rejected_reason: 'evidence_insufficient' });
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('The time to respond to this complaint has ended');
    expect(await runJobsOf(id)).toBe(1);
    const token = await signIn(buyer);
    const order = (await getOrder(token, id)).body.data;
    expect(order).toMatchObject({ status: 'refunded', after_sales: { response: { outcome: 'timed_out' } } });
    expect(order.histories.at(-1)).toMatchObject({ event: 'complaint_timeout', actor_role: 'system' });
    expect(await balanceOf(token)).toBe(order.total_price);
    expect(await runJobsOf(id)).toBe(0);
  });

  it('a requester silent for 2 × 24 hours after a rejection accepts it', async () => {
    time.offset = 0;
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id);
    await post(traveller.token, `/refund/${id}/reject`, { rejected_reason: 'evidence_insufficient' });
    time.offset = 49 * HOUR;
    expect(await runJobsOf(id)).toBe(1);
    expect((await getOrder(await signIn(buyer), id)).body.data.status).toBe('completed');
  });

  it('an accepted refund finishes by itself 72 hours after the return shipped, not before it shipped', async () => {
    time.offset = 0;
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id);
    await post(traveller.token, `/refund/${id}/accept`);
    time.offset = 73 * HOUR;
    await runJobsOf(id);
    let token = await signIn(buyer);
    expect((await getOrder(token, id)).body.data.status).toBe('refund_accepted');
    await post(token, `/refund/${id}/ship`, { resi: 'JNT555', courier_name: 'J&T' });
    time.offset = 73 * HOUR + 71 * HOUR;
    expect(await runJobsOf(id)).toBe(0);
    time.offset = 73 * HOUR + 73 * HOUR;
    expect(await runJobsOf(id)).toBe(1);
    token = await signIn(buyer);
    expect((await getOrder(token, id)).body.data.status).toBe('refunded');
  });
});

describe('appeal', () => {
  it('"Lainnya" sends the note instead; a listed reason is stored as its key', async () => {
    time.offset = 0;
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id);
    const none = await post(buyer.token, `/${id}/appeal`, {}, 'id');
    expect(none.body.errors.reason).toBe('Pilih alasan banding');
    const bare = await post(buyer.token, `/${id}/appeal`, { reason: 'other' }, 'id');
    expect(bare.body.errors.reason).toBe('Tuliskan alasan banding Anda');
    expect((await post(traveller.token, `/${id}/appeal`, { reason: 'traveler_not_responding' })).status).toBe(403);
    const res = await post(buyer.token, `/${id}/appeal`, { reason: 'The traveller sent a used phone' });
    expect(res.body.data).toMatchObject({ status: 'appealed', stage: 'banding', after_sales: { appeal: { reason_text: 'The traveller sent a used phone' } } });
    const listed = await shippedOrder();
    await complain(listed.buyer.token, listed.id);
    const byKey = await post(listed.buyer.token, `/${listed.id}/appeal`, { reason: 'traveler_not_responding' }, 'id');
    expect(byKey.body.data.after_sales.appeal).toMatchObject({ reason: 'traveler_not_responding', reason_text: 'Traveler tidak menanggapi komplain saya' });
  });

  it('return shipped → return problem (reason from the list) → an operator decides for the buyer: refunded, both told, audited', async () => {
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id);
    await post(traveller.token, `/refund/${id}/reject`, { rejected_reason: 'evidence_insufficient' });
    await post(buyer.token, `/${id}/appeal`, { reason: 'refund_refused_unsatisfactory' });
    const ship = await post(buyer.token, `/appeal/${id}/ship`, { resi: 'POS77', courier_name: 'POS' });
    expect(ship.body.data.status).toBe('appeal_return_shipped');
    const other = await post(traveller.token, `/appeal/${id}/return-problem`, { return_problem: 'other' }, 'id');
    expect(other.body.errors.note).toBe('Jelaskan masalahnya');
    const problem = await post(traveller.token, `/appeal/${id}/return-problem`, { return_problem: 'item_damaged' });
    expect(problem.body.data).toMatchObject({ status: 'appeal_return_problem', after_sales: { return_problem: { reason_text: 'The returned item is damaged' } } });

    const op = await operatorToken();
    expect((await call('POST', `/v1/admin/appeals/${id}/decide`, { token: buyer.token, body: { decision: 'refund' } })).status).toBe(404);
    const queue = (await call('GET', '/v1/admin/appeals', { token: op })).body.data;
    const item = queue.find((a: { id: number }) => a.id === id);
    expect(item).toMatchObject({ status: 'appeal_return_problem', requester: { id: buyer.user.id }, traveler: { id: traveller.user.id } });
    expect(item.requester.email).toBeUndefined();
    const bad = await call('POST', `/v1/admin/appeals/${id}/decide`, { token: op, body: { decision: 'maybe' } });
    expect(bad.status).toBe(422);
    const before = await balanceOf(buyer.token);
    const decided = await call('POST', `/v1/admin/appeals/${id}/decide`, { token: op, body: { decision: 'refund', note: 'Return photos convincing' } });
    expect(decided.status).toBe(200);
    expect(decided.body.message).toBe('Decided for the requester: the payment is back in their balance.');
    const order = (await getOrder(buyer.token, id)).body.data;
    expect(order).toMatchObject({ status: 'refunded', after_sales: { decision: { outcome: 'refund' } } });
    expect(order.histories.at(-1)).toMatchObject({ event: 'decide_refund', actor_role: 'operator' });
    expect(await balanceOf(buyer.token)).toBe(before + order.total_price);
    for (const who of [buyer, traveller]) {
      const notes = await time.server.app.deps.db.select().from(notifications).where(and(eq(notifications.userId, who.user.id), eq(notifications.notifiableId, id)));
      expect(notes.filter((n) => n.key === 'orders:notify.decide_refund')).toHaveLength(1);
    }
    const audit = (await call('GET', '/v1/admin/actions', { token: op })).body.data;
    expect(audit.find((a: { action: string; target_id: number }) => a.action === 'decide_refund' && a.target_id === id)).toMatchObject({ target_type: 'transaction', data: { decision: 'refund', note: 'Return photos convincing' } });
    // Decided once: the order left the queue and a second decision is refused.
    expect((await call('POST', `/v1/admin/appeals/${id}/decide`, { token: op, body: { decision: 'release' } })).status).toBe(409);
  });

  it('two operators deciding at once: one decision, one ledger posting', async () => {
    const { buyer, traveller, id } = await shippedOrder();
    await complain(buyer.token, id);
    await post(buyer.token, `/${id}/appeal`, { reason: 'traveler_not_responding' });
    const op = await operatorToken();
    const [a, b] = await Promise.all([
      call('POST', `/v1/admin/appeals/${id}/decide`, { token: op, body: { decision: 'refund' } }),
      call('POST', `/v1/admin/appeals/${id}/decide`, { token: op, body: { decision: 'release' } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const paid = (await balanceOf(buyer.token)) + (await balanceOf(traveller.token));
    const order = (await getOrder(buyer.token, id)).body.data;
    expect([order.total_price, (await getOrder(traveller.token, id)).body.data.traveler_total]).toContain(paid);
  });

  it('the operator releases to the traveller; the traveller finishes an appeal after the return', async () => {
    const first = await shippedOrder();
    await complain(first.buyer.token, first.id);
    await post(first.buyer.token, `/${first.id}/appeal`, { reason: 'traveler_not_responding' });
    const op = await operatorToken();
    const released = await call('POST', `/v1/admin/appeals/${first.id}/decide`, { token: op, body: { decision: 'release' } });
    expect(released.body.data.status).toBe('completed');
    expect(await balanceOf(first.traveller.token)).toBe((await getOrder(first.traveller.token, first.id)).body.data.traveler_total);

    const second = await shippedOrder();
    await complain(second.buyer.token, second.id);
    await post(second.buyer.token, `/${second.id}/appeal`, { reason: 'traveler_not_responding' });
    await post(second.buyer.token, `/appeal/${second.id}/ship`, { resi: 'JNE9', courier_name: 'JNE' });
    expect((await post(second.buyer.token, `/appeal/${second.id}/done`)).status).toBe(403);
    const done = await post(second.traveller.token, `/appeal/${second.id}/done`, {}, 'id');
    expect(done.body).toMatchObject({ message: 'Banding selesai. Dana kembali ke saldo pembeli.', data: { status: 'refunded' } });
  });
});

describe('help tickets', () => {
  it('topics follow the status; "Lainnya" needs text; the ticket reaches the console and closing it is audited', async () => {
    time.offset = 0;
    const { buyer, id } = await shippedOrder();
    const order = (await getOrder(buyer.token, id)).body.data;
    expect(order.help_topics).toEqual(['tracking_not_updating', 'wrong_tracking_number', 'not_arrived', 'other']);
    const none = await post(buyer.token, `/${id}/help`, {}, 'id');
    expect(none.body.errors.topic).toBe('Pilih topik');
    const other = await post(buyer.token, `/${id}/help`, { topic: 'other' }, 'id');
    expect(other.body.errors.message).toBe('Tuliskan pertanyaan Anda');
    const wrongGroup = await post(buyer.token, `/${id}/help`, { topic: 'when_shipped' });
    expect(wrongGroup.status).toBe(422);
    expect((await post((await newUser()).token, `/${id}/help`, { topic: 'not_arrived' })).status).toBe(404);
    const res = await post(buyer.token, `/${id}/help`, { topic: 'other', message: 'The courier says the address is wrong' });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('Your question was sent to our team');
    const op = await operatorToken();
    const tickets = (await call('GET', '/v1/admin/help-tickets', { token: op })).body.data;
    const ticket = tickets.find((t: { id: number }) => t.id === res.body.data.id);
    expect(ticket).toMatchObject({ topic: 'other', message: 'The courier says the address is wrong', transaction: { id, status_when_asked: 'shipped' }, user: { id: buyer.user.id } });
    expect((await call('POST', `/v1/admin/help-tickets/${ticket.id}/close`, { token: buyer.token })).status).toBe(404);
    expect((await call('POST', `/v1/admin/help-tickets/${ticket.id}/close`, { token: op })).status).toBe(200);
    expect((await call('POST', `/v1/admin/help-tickets/${ticket.id}/close`, { token: op })).status).toBe(409);
    const closed = (await call('GET', '/v1/admin/help-tickets?status=CLOSED', { token: op })).body.data;
    expect(closed.some((t: { id: number }) => t.id === ticket.id)).toBe(true);
  });
});

describe('reports and proofs of travel', () => {
  it('an operator hides a reported product (off the catalogue) or dismisses a report', async () => {
    const { product } = await shippedOrder();
    const reporter = await newUser();
    const second = await newUser();
    await call('POST', `/v1/reports/product/${product.id}`, { token: reporter.token, body: { reason: 'Counterfeit' } });
    await call('POST', `/v1/reports/product/${product.id}`, { token: second.token, body: { reason: 'Spam' } });
    const op = await operatorToken();
    const open = (await call('GET', '/v1/admin/reports', { token: op })).body.data.filter((r: { target: { id: number; type: string } }) => r.target.type === 'product' && r.target.id === product.id);
    expect(open).toHaveLength(2);
    expect(open[0]).toMatchObject({ target: { name: product.name, active: true, href: `/products/${product.slug}` } });
    const dismissed = await call('POST', `/v1/admin/reports/${open[0].id}/dismiss`, { token: op });
    expect(dismissed.body.data.status).toBe('DISMISSED');
    const hidden = await call('POST', `/v1/admin/reports/${open[1].id}/hide`, { token: op });
    expect(hidden.body.data.status).toBe('HIDDEN');
    expect((await call('GET', `/v1/products/${product.slug}`)).status).toBe(404);
    expect((await call('POST', `/v1/admin/reports/${open[1].id}/dismiss`, { token: op })).status).toBe(409);
    const audit = (await call('GET', '/v1/admin/actions', { token: op })).body.data;
    expect(audit.filter((a: { target_type: string; target_id: number }) => a.target_type === 'report' && [open[0].id, open[1].id].includes(a.target_id)).map((a: { action: string }) => a.action).sort()).toEqual(['dismiss_report', 'hide_report']);
  });

  it('a traveller uploads a boarding pass; an operator approves it; the trip and its products show "confirmed trip"', async () => {
    const { traveller, trip, product } = await shippedOrder();
    const stranger = await newUser();
    expect((await call('POST', `/v1/users/trips/${trip.id}/proof`, { token: stranger.token, body: { image_id: await photo(stranger.token) } })).status).toBe(404);
    const missing = await call('POST', `/v1/users/trips/${trip.id}/proof`, { token: traveller.token, body: {}, lang: 'id' });
    expect(missing.body.errors.image_id).toBe('Unggah foto boarding pass atau tiket');
    const sent = await call('POST', `/v1/users/trips/${trip.id}/proof`, { token: traveller.token, body: { image_id: await photo(traveller.token, '#3344cc') } });
    expect(sent.status).toBe(201);
    expect((await call('GET', `/v1/users/trips/${trip.id}/proof`, { token: traveller.token })).body.data.status).toBe('PENDING');
    expect((await call('GET', `/v1/users/trips/${trip.id}`, { token: traveller.token })).body.data.confirmed_trip).toBe(false);
    const op = await operatorToken();
    const proofs = (await call('GET', '/v1/admin/trip-proofs', { token: op })).body.data;
    const proof = proofs.find((p: { trip: { id: number } }) => p.trip.id === trip.id);
    expect(proof).toMatchObject({ traveler: { id: traveller.user.id } });
    expect((await call('POST', `/v1/admin/trip-proofs/${proof.id}/approve`, { token: traveller.token })).status).toBe(404);
    expect((await call('POST', `/v1/admin/trip-proofs/${proof.id}/approve`, { token: op })).body.data.status).toBe('APPROVED');
    expect((await call('GET', `/v1/users/trips/${trip.id}`, { token: traveller.token })).body.data.confirmed_trip).toBe(true);
    expect((await call('GET', `/v1/products/${product.slug}`)).body.data.trip.confirmed_trip).toBe(true);
    const again = await call('POST', `/v1/users/trips/${trip.id}/proof`, { token: traveller.token, body: { image_id: await photo(traveller.token) } });
    expect(again.status).toBe(409);
  });
});
