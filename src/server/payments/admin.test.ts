import { eq } from 'drizzle-orm';
import Papa from 'papaparse';
import { beforeEach, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { createUser, login } from '../test/fixtures.ts';
import { bearer, useTestApp } from '../test/helper.ts';
import { PAYMENTS_CSV_HEADERS } from './admin.ts';
import { type Booker, makeBookers } from './test-support.ts';

const t = useTestApp();
let admin: { authorization: string };
let paid: Booker;
let started: Booker;

beforeEach(async () => {
  t.clock.set('2026-01-15T12:00:00Z');
  const race = await raceEventRow(t.app, {
    name: 'Paid Club Race',
    ...OPEN_WINDOW,
    quantity: 10,
    pricePence: 2500,
  });
  [paid, started] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
  // a payer whose name a spreadsheet would read as a formula
  await t.app.ctx.db.update(users).set({ firstName: '=HYPERLINK("x")' }).where(eq(users.id, paid.id));
  const post = (who: Booker, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: who.headers, payload });
  await post(paid, '/api/v1/payment/create-payment-intent/', { amount: '25.00' });
  await post(paid, '/api/v1/payment/demo/demo_pay_1/complete/', { card_number: '4242424242424242' });
  t.clock.advance(60_000);
  await post(started, '/api/v1/payment/create-payment-intent/', { amount: '25.00' });
  admin = bearer((await login(t.app, await createUser(t.app, { kind: 'admin' }))).access);
});

const get = (url: string, headers: Record<string, string> = admin) => t.app.inject({ method: 'GET', url, headers });

describe('the orders and payments list', () => {
  it('lists payments newest first with provider, reference, amount, status and entries; filters and searches', async () => {
    const all = (await get('/api/v1/admin/payments/')).json();
    expect(all.count).toBe(2);
    expect(all.results.map((r: { reference: string }) => r.reference)).toEqual(['demo_pay_2', 'demo_pay_1']);
    expect(all.results[1]).toMatchObject({
      provider: 'demo',
      reference: 'demo_pay_1',
      username: paid.username,
      amount: '25.00',
      refunded: '0.00',
      net: '25.00',
      status: 'succeeded',
      entries_booked: 1,
      entries_lost: 0,
    });
    expect(all.results[0]).toMatchObject({ status: 'started', net: '0.00', entries_booked: 0 });
    const settled = (await get('/api/v1/admin/payments/?status=succeeded')).json();
    expect(settled.results.map((r: { reference: string }) => r.reference)).toEqual(['demo_pay_1']);
    const searched = (await get(`/api/v1/admin/payments/?search=${started.username}`)).json();
    expect(searched.results.map((r: { username: string }) => r.username)).toEqual([started.username]);
    expect((await get('/api/v1/admin/payments/?status=nonsense')).statusCode).toBe(400);
  });

  it('downloads payments.csv with every selected payment, formula-safe', async () => {
    const res = await get('/api/v1/admin/payments/export-csv/?status=succeeded');
    expect(res.headers['content-disposition']).toBe('attachment; filename="payments.csv"');
    const rows = Papa.parse<string[]>(res.body.replace(/^\uFEFF/, '')).data.filter((r) => r.length > 1);
    expect(rows[0]).toEqual([...PAYMENTS_CSV_HEADERS]);
    expect(rows).toHaveLength(2);
    expect(rows[1]?.slice(2, 11)).toEqual([
      'demo',
      'demo_pay_1',
      `'=HYPERLINK("x") ${paid.name.split(' ')[1]}`,
      paid.username,
      '25.00',
      '0.00',
      '0.00',
      '25.00',
      'succeeded',
    ]);
  });

  it('is for administrators only: 401 without a token, 403 for a member', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/payments/' })).statusCode).toBe(401);
    expect((await get('/api/v1/admin/payments/', paid.headers)).statusCode).toBe(403);
    expect((await get('/api/v1/admin/payments/export-csv/', paid.headers)).statusCode).toBe(403);
  });
});
