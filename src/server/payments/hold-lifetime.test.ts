import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import { cartItems, paymentLines } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import {
  bulkAdd,
  linesOf,
  logOf,
  MINUTE,
  paymentOf,
  places,
  startCard,
  started,
  startWallet,
  webhook,
} from './hold-support.ts';
import { runPaymentJobs } from './jobs.ts';
import { useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

const t = useStripeTestApp();
const OPEN = { ...OPEN_WINDOW, pricePence: 2500 };
const NOON = '2026-01-15T12:00:00.000Z';
const QUARTER_PAST = '2026-01-15T12:15:00.000Z';

beforeEach(() => t.clock.set(NOON));

describe('a hold ends 15 minutes after the first start that covered its place', () => {
  it('switching card and wallet back and forth never moves the end; the job frees the place at that end', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Switch Race', quantity: 1 });
    const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    expect((await started(t, payer, '25.00')).heldUntil).toBe(QUARTER_PAST);
    t.clock.advance(5 * MINUTE);
    const wallet = await startWallet(t, payer, '25.00');
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json().held_until).toBe(QUARTER_PAST);
    t.clock.advance(5 * MINUTE);
    const card = await started(t, payer, '25.00');
    expect(card.heldUntil).toBe(QUARTER_PAST);
    const payment = await paymentOf(t, card.reference);
    expect(payment?.heldUntil.toISOString()).toBe(QUARTER_PAST);
    expect((await linesOf(t, payment?.id ?? 0)).map((l) => [l.state, l.heldUntil?.toISOString()])).toEqual([
      ['held', QUARTER_PAST],
    ]);
    expect(await places(t, race)).toEqual({ booked: 0, held: 1 });
    // a minute past the first start's end, the place is free again, whatever was started since
    t.clock.set('2026-01-15T12:15:01Z');
    expect((await runPaymentJobs(t.app.ctx, t.app.log)).released).toBe(1);
    expect(await places(t, race)).toEqual({ booked: 0, held: 0 });
  });

  it('removing a line and adding it again keeps its end; a new line of the same payment gets its own', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Readd Race', quantity: 5 });
    const other = await raceEventRow(t.app, { ...OPEN, name: 'Other Race', quantity: 5 });
    const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    await started(t, payer, '25.00');
    t.clock.advance(5 * MINUTE);
    const [line] = await t.app.ctx.db.select().from(cartItems).where(eq(cartItems.ownerId, payer.id));
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/cart/${line?.id}/`, headers: payer.headers })).statusCode,
    ).toBe(204);
    expect(await places(t, race)).toEqual({ booked: 0, held: 0 });
    await bulkAdd(t, payer, [
      { product: race, participant: payer.username },
      { product: other, participant: payer.username },
    ]);
    const again = await started(t, payer, '50.00');
    // the payment's end is its earliest line's
    expect(again.heldUntil).toBe(QUARTER_PAST);
    const payment = await paymentOf(t, again.reference);
    const ends = (await linesOf(t, payment?.id ?? 0)).map((l) => [l.eventId, l.heldUntil?.toISOString()]);
    expect(ends).toEqual([
      [race, QUARTER_PAST],
      [other, '2026-01-15T12:20:00.000Z'],
    ]);
  });

  it('a declined card keeps the hold and its end: the payer tries another card within it and is booked', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Decline Race', quantity: 1 });
    const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const { reference } = await started(t, payer, '25.00');
    expect((await t.stripe.confirm(reference, 'pm_card_chargeDeclined')).status).toBe(402);
    t.clock.advance(3 * MINUTE);
    expect(await places(t, race)).toEqual({ booked: 0, held: 1 });
    const retry = await started(t, payer, '25.00');
    expect(retry).toEqual({ reference, heldUntil: QUARTER_PAST });
    await t.stripe.confirm(reference);
    expect((await webhook(t, reference)).statusCode).toBe(200);
    expect(await places(t, race)).toEqual({ booked: 1, held: 0 });
  });
});

describe('payment starts are limited per account', () => {
  it('ten a minute: the eleventh answers 429 with a clear message; the next minute starts again', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Busy Race', quantity: 5 });
    const [payer, other] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    for (let i = 0; i < 10; i++) expect((await startCard(t, payer, '25.00')).statusCode).toBe(200);
    const eleventh = await startCard(t, payer, '25.00');
    expect([eleventh.statusCode, eleventh.json().error]).toEqual([429, PAYMENT_MSG.tooManyStarts]);
    // another account is not held back by this one's starts
    expect((await startCard(t, other, '25.00')).statusCode).toBe(200);
    t.clock.advance(MINUTE);
    expect((await startCard(t, payer, '25.00')).statusCode).toBe(200);
  });

  it('a start refused before any provider is asked (the event full) is not counted', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Last Place Race', quantity: 1 });
    const [holder, payer] = (await makeBookers(t.app, 2, [race])) as [Booker, Booker];
    expect((await startCard(t, holder, '25.00')).statusCode).toBe(200);
    for (let i = 0; i < 12; i++) {
      const refused = await startCard(t, payer, '25.00');
      expect(refused.statusCode, `start ${i + 1}`).toBe(409);
    }
  });
});

describe("the payment log: a payment's whole life in order", () => {
  it('the rush path (one event): started, held, confirmed (the webhook, with the intent), booked naming the place', async () => {
    const race = await raceEventRow(t.app, { ...OPEN, name: 'Logged Race', quantity: 5 });
    const [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const { reference } = await started(t, payer, '25.00');
    await t.stripe.confirm(reference);
    await webhook(t, reference);
    const payment = await paymentOf(t, reference);
    expect(await logOf(t, payment?.id ?? 0)).toEqual([
      ['started', 'user', ''],
      ['held', 'user', `1 place(s) held until ${QUARTER_PAST.replace('.000', '')}`],
      ['confirmed', 'webhook', ''],
      ['booked', 'webhook', `Logged Race: ${payer.name} (${payer.username})`],
    ]);
  });

  it('the transaction path (two events), a replaced payment, a lapse and a lost place', async () => {
    const full = await raceEventRow(t.app, { ...OPEN, name: 'Tight Race', quantity: 1 });
    const roomy = await raceEventRow(t.app, { ...OPEN, name: 'Roomy Race', quantity: 5, pricePence: 1500 });
    const [payer] = (await makeBookers(t.app, 1, [full, roomy])) as [Booker];
    const first = await started(t, payer, '40.00');
    const wallet = await startWallet(t, payer, '40.00');
    expect(wallet.statusCode).toBe(200);
    const replaced = await paymentOf(t, first.reference);
    expect(await logOf(t, replaced?.id ?? 0)).toEqual([
      ['started', 'user', ''],
      ['held', 'user', `2 place(s) held until ${QUARTER_PAST}`],
      ['released', 'user', `Tight Race: ${payer.name} (${payer.username})`],
      ['released', 'user', `Roomy Race: ${payer.name} (${payer.username})`],
      ['canceled', 'user', ''],
    ]);
    const again = await started(t, payer, '40.00');
    // the hold lapses; another family takes the last place; the card goes through after all
    t.clock.advance(16 * MINUTE);
    await runPaymentJobs(t.app.ctx, t.app.log);
    const [quick] = (await makeBookers(t.app, 1, [full])) as [Booker];
    const theirs = await started(t, quick, '25.00');
    await t.stripe.confirm(theirs.reference);
    await webhook(t, theirs.reference);
    await t.stripe.confirm(again.reference);
    expect((await webhook(t, again.reference)).statusCode).toBe(200);
    const payment = await paymentOf(t, again.reference);
    const log = await logOf(t, payment?.id ?? 0);
    expect(log.map(([state, cause]) => `${state}:${cause}`)).toEqual([
      'started:user',
      'held:user',
      'released:job',
      'released:job',
      'confirmed:webhook',
      'lost:webhook',
      'booked:webhook',
      'refund_requested:webhook',
      'refund_succeeded:job',
    ]);
    expect(log[5]?.[2]).toBe(`Tight Race: ${payer.name} (${payer.username}) (place lost)`);
    const lines = await t.app.ctx.db
      .select()
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, payment?.id ?? 0));
    expect(lines.map((l) => l.state).sort()).toEqual(['booked', 'lost']);
  });
});
