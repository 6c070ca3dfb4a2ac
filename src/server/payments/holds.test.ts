import { eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../accounts/sessions.ts';
import { bookings, events, families, paymentLines, payments, refunds, users } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { createUser, login } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import { runPaymentJobs } from './jobs.ts';
import { stripeSignature, useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

const t = useStripeTestApp();
const OPEN = {
  ...OPEN_WINDOW,
  pricePence: 2500,
};
const MINUTE = 60_000;

const start = (who: Booker, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/create-payment-intent/',
    headers: who.headers,
    payload: { amount },
  });
const webhook = (reference: string) => {
  const payload = t.stripe.succeededEvent(reference);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook/',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(payload) },
    payload,
  });
};
async function pay(who: Booker, amount: string): Promise<string> {
  const res = await start(who, amount);
  expect(res.statusCode, res.body).toBe(200);
  const reference = res.json().payment_reference as string;
  await t.stripe.confirm(reference);
  return reference;
}
const places = async (id: number) =>
  (await t.app.ctx.db.select({ booked: events.booked, held: events.held }).from(events).where(eq(events.id, id)))[0];
const product = async (id: number) =>
  (await t.app.inject({ method: 'GET', url: '/api/v1/products/' })).json().find((p: { id: number }) => p.id === id);
/** The bookers' tokens last 15 minutes: a test that moves the clock further signs them in again. */
const later = async (minutes: number, eventIds: number[]) => {
  t.clock.advance(minutes * MINUTE);
  return makeBookers(t.app, 1, eventIds);
};

beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

describe('holds', () => {
  it('a held last place shows Event Full and refuses other families until the hold lapses', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'One Place Race', quantity: 1 });
    const [first, second] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    await start(first, '25.00');
    expect(await product(race)).toMatchObject({ booked_quantity: 0, held_quantity: 1, is_full: true });
    const refused = await start(second, '25.00');
    expect([refused.statusCode, refused.json().error]).toEqual([
      409,
      `One Place Race is full: there is no place left for ${second.name}.`,
    ]);
    const bulk = await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/bulk-add/',
      headers: second.headers,
      payload: { items: [{ product: race, participant: second.username }] },
    });
    expect(bulk.json().errors[0].error).toBe(`One Place Race is full: there is no place left for ${second.name}.`);

    // 15 minutes on, the job gives the place back and the public list shows it again
    t.clock.advance(15 * MINUTE);
    expect(await runPaymentJobs(t.app.ctx, t.app.log)).toEqual({ released: 1, repaired: 0 });
    expect(await places(race)).toEqual({ booked: 0, held: 0 });
    expect(await product(race)).toMatchObject({ held_quantity: 0, is_full: false });
  });

  it('the payer holding the last place may press Pay again: the same payment, not "full"', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'One Place Race', quantity: 1 });
    const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const first = (await start(payer, '25.00')).json();
    const again = await start(payer, '25.00');
    expect(again.statusCode).toBe(200);
    expect(again.json().payment_reference).toBe(first.payment_reference);
    expect(await places(race)).toEqual({ booked: 0, held: 1 });
  });

  it('a taker that finds the event full releases lapsed holds itself, without waiting for the job', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'One Place Race', quantity: 1 });
    const [first] = (await makeBookers(t.app, 1, [race])) as [Booker];
    await start(first, '25.00');
    const [second] = (await later(16, [race])) as [Booker];
    expect((await start(second, '25.00')).statusCode).toBe(200);
    expect(await places(race)).toEqual({ booked: 0, held: 1 });
    const lines = await t.app.ctx.db.select({ state: paymentLines.state }).from(paymentLines).orderBy(paymentLines.id);
    expect(lines.map((l) => l.state)).toEqual(['released', 'held']);
  });

  it("an administrator's Add Participant counts held places", async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'One Place Race', quantity: 1 });
    const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const [walkIn] = (await makeBookers(t.app, 1, [])) as [Booker];
    await start(payer, '25.00');
    const admin = await createUser(t.app, { kind: 'admin' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/products/${race}/add-participant/`,
      headers: bearer((await login(t.app, admin)).access),
      payload: { user_id: walkIn.id },
    });
    expect([res.statusCode, res.json().error]).toEqual([409, 'This event is full.']);
    expect(await places(race)).toEqual({ booked: 0, held: 1 });
  });

  it('one hold per participant: a second family member paying for the same child is told to wait', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Family Race', quantity: 5 });
    const [parentA] = (await makeBookers(t.app, 1, [])) as [Booker];
    const [child] = (await makeBookers(t.app, 1, [race])) as [Booker];
    // the child's own account and a parent both have the child in their carts
    const [family] = await t.app.ctx.db.insert(families).values({}).returning({ id: families.id });
    await t.app.ctx.db
      .update(users)
      .set({ familyId: family?.id })
      .where(inArray(users.id, [parentA.id, child.id]));
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/cart/bulk-add/',
      headers: parentA.headers,
      payload: { items: [{ product: race, participant: child.username }] },
    });
    expect((await start(child, '25.00')).statusCode).toBe(200);
    const second = await start(parentA, '25.00');
    expect([second.statusCode, second.json().error]).toEqual([
      409,
      `A payment for ${child.name} on Family Race is already under way in your family. Please try again in a few minutes.`,
    ]);
    expect(await places(race)).toEqual({ booked: 0, held: 1 });
  });
});

describe('a payment that succeeds after its places were lost', () => {
  it('books what it still can, asks for a refund of the rest (a refunds row, sent by the refund job), and tells the payer and the association', async () => {
    const full = await raceEventRow(t.app, { ...OPEN, name: 'Popular Race', quantity: 1 });
    const roomy = await raceEventRow(t.app, { ...OPEN, name: 'Quiet Race', quantity: 10, pricePence: 1500 });
    const [late] = (await makeBookers(t.app, 1, [full, roomy])) as [Booker];
    const reference = (await start(late, '40.00')).json().payment_reference as string;
    // the hold lapses; another family takes the last place on the popular race and pays
    const [quick] = (await later(16, [full])) as [Booker];
    await webhook(await pay(quick, '25.00'));
    expect(await places(full)).toEqual({ booked: 1, held: 0 });
    // the first payer's card goes through after all
    await t.stripe.confirm(reference);
    expect((await webhook(reference)).statusCode).toBe(200);

    const mine = await t.app.ctx.db.select().from(bookings).where(eq(bookings.bookedById, late.id));
    expect(mine.map((b) => [b.eventId, b.amountPence])).toEqual([[roomy, 1500]]);
    expect(await places(full)).toEqual({ booked: 1, held: 0 });
    expect(await places(roomy)).toEqual({ booked: 1, held: 0 });
    // settlement asks for the refund in its own transaction and sends it once that commits
    expect(t.stripe.refunds.map((r) => [r.amount, r.payment_intent])).toEqual([[2500, reference]]);
    const [row] = await t.app.ctx.db.select().from(payments).where(eq(payments.reference, reference));
    expect(row).toMatchObject({ status: 'succeeded' });
    const asked = await t.app.ctx.db
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, row?.id ?? 0));
    // asked in the settling transaction, then sent to the provider after commit
    expect(asked.map((r) => [r.amountPence, r.cause, r.status])).toEqual([[2500, 'place_lost', 'succeeded']]);
    expect(asked[0]?.providerRefundId).toBe(t.stripe.refunds[0]?.id);
    expect(asked[0]?.idempotencyKey).toMatch(new RegExp(`^[0-9a-f-]{36}:refund:${row?.id}:place_lost:\\d+$`));
    const lost = await t.app.ctx.db
      .select()
      .from(paymentLines)
      .where(eq(paymentLines.refundId, asked[0]?.id ?? 0));
    expect(lost.map((l) => l.eventId)).toEqual([full]);

    await t.flushMail();
    const toPayer = t.outbox.messages.find(
      (m) => m.subject === 'ERSA: your entry for Quiet Race is confirmed; 1 place was refunded',
    );
    expect(toPayer?.to).toBe(`${late.username}@example.com`);
    expect(toPayer?.text).toContain(`Quiet Race\n`);
    expect(toPayer?.text).toContain(`${late.name}: £15.00`);
    expect(toPayer?.text).toMatch(/so the amount is refunded to you:\n+Popular Race\n/);
    expect(toPayer?.text).toContain('Refunded: £25.00');
    const toAssociation = t.outbox.messages.find((m) => m.subject.startsWith('ERSA: refund made: 1 place lost'));
    expect(toAssociation?.to).toBe(t.app.ctx.config.association.email);

    // the client's own call afterwards hears the same outcome
    const client = await t.app.inject({
      method: 'POST',
      url: '/api/v1/bookings/',
      headers: bearer((await startSession(t.app.ctx, late.id)).access),
      payload: {
        bookings: [
          { product: full, participant: late.username },
          { product: roomy, participant: late.username },
        ],
        payment_reference: reference,
      },
    });
    expect(client.json().errors).toEqual([
      {
        product: full,
        participant: late.username,
        error: `Popular Race is full: it filled before your payment completed, so ${late.name} is not booked and that amount is refunded.`,
      },
    ]);
    expect(client.json().payment).toEqual({ reference, provider: 'stripe', amount: '40.00', refunded: '25.00' });
  });

  it("a payment's own lapsed hold is not given away while it settles: no place counted twice", async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Tight Race', quantity: 2 });
    const [parent, parent2, kidA, kidB] = (await makeBookers(t.app, 4, [])) as [Booker, Booker, Booker, Booker];
    const [family] = await t.app.ctx.db.insert(families).values({}).returning({ id: families.id });
    await t.app.ctx.db
      .update(users)
      .set({ familyId: family?.id })
      .where(inArray(users.id, [parent.id, parent2.id, kidA.id, kidB.id]));
    const cart = (who: Booker, kids: Booker[]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/cart/bulk-add/',
        headers: who.headers,
        payload: { items: kids.map((k) => ({ product: race, participant: k.username })) },
      });
    await cart(parent2, [kidA]);
    await cart(parent, [kidA, kidB]);
    const reference = (await start(parent, '50.00')).json().payment_reference as string;
    expect(await places(race)).toEqual({ booked: 0, held: 2 });
    // the hold lapses; the other parent pays for kid A, which releases kid A's lapsed line only
    t.clock.advance(16 * MINUTE);
    const fresh = async (who: Booker): Promise<Booker> => ({
      ...who,
      headers: bearer((await startSession(t.app.ctx, who.id)).access),
    });
    await webhook(await pay(await fresh(parent2), '25.00'));
    expect(await places(race)).toEqual({ booked: 1, held: 1 });
    // the first parent's card goes through after all: kid B's place is still theirs, kid A's is gone
    await t.stripe.confirm(reference);
    expect((await webhook(reference)).statusCode).toBe(200);
    expect(await places(race)).toEqual({ booked: 2, held: 0 });
    const booked = await t.app.ctx.db.select().from(bookings).where(eq(bookings.eventId, race));
    expect(booked.map((b) => [b.userId, b.bookedById])).toEqual([
      [kidA.id, parent2.id],
      [kidB.id, parent.id],
    ]);
    const asked = await t.app.ctx.db.select().from(refunds);
    expect(asked.map((r) => [r.amountPence, r.cause, r.status])).toEqual([[2500, 'place_lost', 'succeeded']]);
  });

  it('a lapsed hold on an event with room left is simply booked when the payment succeeds', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Quiet Race', quantity: 10 });
    const [slow] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const reference = (await start(slow, '25.00')).json().payment_reference as string;
    t.clock.advance(20 * MINUTE);
    await runPaymentJobs(t.app.ctx, t.app.log);
    expect(await places(race)).toEqual({ booked: 0, held: 0 });
    await t.stripe.confirm(reference);
    await webhook(reference);
    expect(await places(race)).toEqual({ booked: 1, held: 0 });
    expect(t.stripe.refunds).toEqual([]);
    expect(await t.app.ctx.db.select().from(refunds)).toEqual([]);
  });
});
