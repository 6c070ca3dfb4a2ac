import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { paymentLog, payments, users } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { createUser, login } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { PAYMENTS_CSV_HEADERS } from './admin.ts';
import { logPayment } from './log.ts';
import { requestRefund } from './refunds.ts';
import { type Booker, makeBookers } from './test-support.ts';

/** Issue 24: the administrators' view of a payment's trail, and the payments that need attention. */
const t = useTestApp();
let admin: { authorization: string };
let adminId: number;
let paid: Booker;
let other: Booker;
let paidId: number;

beforeEach(async () => {
  t.clock.set('2026-01-15T12:00:00Z');
  const race = await raceEventRow(t.app, { name: 'Paid Club Race', ...OPEN_WINDOW, quantity: 10, pricePence: 2500 });
  [paid, other] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
  const post = (who: Booker, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload });
  await post(paid, '/api/v1/payment/create-payment-intent/', { amount: '25.00' });
  await post(paid, '/api/v1/payment/demo/demo_pay_1/complete/', { card_number: '4242424242424242' });
  t.clock.advance(60_000);
  await post(other, '/api/v1/payment/create-payment-intent/', { amount: '25.00' });
  await post(other, '/api/v1/payment/demo/demo_pay_2/complete/', { card_number: '4242424242424242' });
  const [row] = await t.app.ctx.db.select().from(payments).where(eq(payments.reference, 'demo_pay_1'));
  paidId = row?.id ?? 0;
  const made = await createUser(t.app, { kind: 'admin' });
  adminId = made.id;
  admin = bearer((await login(t.app, made)).access);
});

const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });

/** The older payment took 30.00 USD for a 25.00 GBP cart: refunded in full, needs attention. */
async function markMismatch() {
  const at = new Date('2026-01-15T12:05:00Z');
  await t.app.ctx.db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ attention: 'amount_mismatch', attentionAt: at, paidAmountPence: 3000, paidCurrency: 'USD' })
      .where(eq(payments.id, paidId));
    await logPayment(tx, {
      paymentId: paidId,
      state: 'needs_attention',
      cause: 'webhook',
      detail: 'took 30.00 USD',
      at,
    });
    await requestRefund(tx, {
      paymentId: paidId,
      amountPence: 2500,
      cause: 'amount_mismatch',
      requestedBy: adminId,
      logCause: 'admin',
      idempotencyKey: `test:refund:${paidId}:amount_mismatch:all`,
    });
  });
}

describe('payments that need attention', () => {
  it('come first, marked, and ?attention=1 shows only them', async () => {
    const before = (await get('/api/v1/admin/payments/')).json();
    expect(before.results.map((r: { reference: string }) => r.reference)).toEqual(['demo_pay_2', 'demo_pay_1']);
    expect(before.results[0]).toMatchObject({ attention: null, attention_at: null, paid_amount: null });
    await markMismatch();
    const all = (await get('/api/v1/admin/payments/')).json();
    expect(all.results.map((r: { reference: string }) => r.reference)).toEqual(['demo_pay_1', 'demo_pay_2']);
    expect(all.results[0]).toMatchObject({
      attention: 'amount_mismatch',
      attention_at: '2026-01-15T12:05:00.000Z',
      paid_amount: '30.00',
      paid_currency: 'USD',
      refunded: '0.00',
      refund_due: '25.00',
    });
    const only = (await get('/api/v1/admin/payments/?attention=1')).json();
    expect([only.count, only.results.map((r: { reference: string }) => r.reference)]).toEqual([1, ['demo_pay_1']]);
    expect((await get('/api/v1/admin/payments/?attention=0')).json().count).toBe(2);
    const refunded = (await get('/api/v1/admin/payments/?status=refunded')).json();
    expect(refunded.results.map((r: { reference: string }) => r.reference)).toEqual(['demo_pay_1']);
    const bad = await get('/api/v1/admin/payments/?attention=yes');
    expect([bad.statusCode, bad.json().error]).toEqual([
      400,
      'attention must be 1 (only those that need attention) or 0.',
    ]);
  });

  it('payments.csv has the attention and what the provider took, attention first', async () => {
    await markMismatch();
    const res = await get('/api/v1/admin/payments/export-csv/?attention=1');
    const rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '')).data.filter((r) => r.length > 1);
    expect(rows[0]).toEqual([...PAYMENTS_CSV_HEADERS]);
    expect(PAYMENTS_CSV_HEADERS.slice(-3)).toEqual(['Needs attention', 'Attention since', 'Provider took']);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(3, 4)).toEqual(['demo_pay_1']);
    expect(rows[1]?.slice(7, 9)).toEqual(['0.00', '25.00']);
    expect(rows[1]?.slice(-3)).toEqual(['Amount or currency differed', '2026-01-15T12:05:00.000Z', '30.00 USD']);
    const all = await get('/api/v1/admin/payments/export-csv/');
    const allRows = Papa.parse<string[]>(all.body.replace(/^\uFEFF/, '')).data.filter((r) => r.length > 1);
    expect(allRows.map((r) => r[3])).toEqual(['Reference', 'demo_pay_1', 'demo_pay_2']);
    expect(allRows[2]?.slice(-3)).toEqual(['', '', '']);
  });
});

describe("a payment's trail", () => {
  it('shows its lines, its log by time then id (with who and the provider ids) and its refunds', async () => {
    // the payment's own log (from its start and settlement) set aside: these rows are the case
    await t.app.ctx.db.delete(paymentLog).where(eq(paymentLog.paymentId, paidId));
    await markMismatch();
    // two changes at one time: the log's order is their ids'
    const same = new Date('2026-01-15T12:00:00Z');
    await logPayment(t.app.ctx.db, {
      paymentId: paidId,
      state: 'confirmed',
      cause: 'user',
      at: same,
      actorId: paid.id,
    });
    await logPayment(t.app.ctx.db, {
      paymentId: paidId,
      state: 'booked',
      cause: 'user',
      at: same,
      providerIds: { payment: 'demo_pay_1' },
    });
    await logPayment(t.app.ctx.db, {
      paymentId: paidId,
      state: 'started',
      cause: 'user',
      at: new Date('2026-01-15T11:59:00Z'),
    });
    const res = await get(`/api/v1/admin/payments/${paidId}/`);
    expect(res.statusCode).toBe(200);
    const trail = res.json();
    expect(trail.payment).toMatchObject({ id: paidId, reference: 'demo_pay_1', attention: 'amount_mismatch' });
    expect(trail.lines).toEqual([
      {
        product_name: 'Paid Club Race',
        participant: paid.username,
        participant_name: paid.name,
        amount: '25.00',
        state: 'booked',
      },
    ]);
    const [adminUser] = await t.app.ctx.db.select().from(users).where(eq(users.id, adminId));
    const adminName = `${adminUser?.firstName} ${adminUser?.lastName} (${adminUser?.username})`;
    expect(
      trail.log.map((l: { at: string; state: string; cause: string; actor: string | null }) => [
        l.at,
        l.state,
        l.cause,
        l.actor,
      ]),
    ).toEqual([
      ['2026-01-15T11:59:00.000Z', 'started', 'user', null],
      ['2026-01-15T12:00:00.000Z', 'confirmed', 'user', `${paid.name} (${paid.username})`],
      ['2026-01-15T12:00:00.000Z', 'booked', 'user', null],
      ['2026-01-15T12:05:00.000Z', 'needs_attention', 'webhook', null],
      [expect.any(String), 'refund_requested', 'admin', adminName],
    ]);
    expect(trail.log[2].provider_ids).toEqual({ payment: 'demo_pay_1' });
    expect(trail.log[3].detail).toBe('took 30.00 USD');
    expect(trail.refunds).toEqual([
      {
        id: expect.any(Number),
        amount: '25.00',
        cause: 'amount_mismatch',
        status: 'requested',
        provider_refund_id: null,
        requested_by: adminName,
        attempts: 0,
        last_error: null,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      },
    ]);
  });

  it('answers 404 for no such payment, 400 for a bad id', async () => {
    const none = await get('/api/v1/admin/payments/999999/');
    expect([none.statusCode, none.json().error]).toEqual([404, 'Payment not found.']);
    expect((await get('/api/v1/admin/payments/1e3/')).statusCode).toBe(400);
  });

  it('is for administrators only: 401 without a token, 403 for a member (even the payer)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/admin/payments/${paidId}/` })).statusCode).toBe(401);
    expect((await get(`/api/v1/admin/payments/${paidId}/`, paid.headers)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/payments/?attention=1', paid.headers)).statusCode).toBe(403);
  });

  it("a user's own payment stays 404 to another user", async () => {
    const mine = await get('/api/v1/payment/demo_pay_1/', paid.headers);
    expect(mine.statusCode).toBe(200);
    const theirs = await get('/api/v1/payment/demo_pay_1/', other.headers);
    expect([theirs.statusCode, theirs.json().error]).toEqual([404, 'Payment not found.']);
  });
});
