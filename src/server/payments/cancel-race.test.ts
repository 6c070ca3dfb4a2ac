import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CANCEL_MSG } from '../../domain/payments/cancellation.ts';
import { bookings, mailOutbox, paymentLines, payments, refunds } from '../db/schema.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import { type PaypalStandIn, startPaypalStandIn } from '../test/paypal-stand-in.ts';
import {
  cancelFor,
  type Families,
  paidFamilies,
  refundsOn,
  refundTotalsWithin,
  removeWithRefund,
} from './cancel-race-support.ts';
import { raceCancelledTemplate } from './refund-mails.ts';
import { useStripeTestApp } from './stripe-test-app.ts';

/** Issue 35: a race cancelled refunds every paid entry in full, once, and tells every entrant. */
const paypalEnv: Record<string, string> = {};
let paypal: PaypalStandIn;
beforeAll(async () => {
  paypal = await startPaypalStandIn();
  Object.assign(paypalEnv, {
    PAYPAL_CLIENT_ID: paypal.clientId,
    PAYPAL_CLIENT_SECRET: paypal.clientSecret,
    PAYPAL_API_URL: paypal.url,
  });
});
afterAll(async () => paypal?.close());
const t = useStripeTestApp(paypalEnv);
beforeEach(() => {
  paypal.reset();
  t.clock.set('2026-01-15T12:00:00Z');
});

async function cancelRace(eventId: number) {
  const admin = await signedIn(t.app, 'admin');
  return t.app.inject({ method: 'POST', url: `/api/v1/products/${eventId}/cancel/`, headers: bearer(admin.access) });
}

const refundRows = () => t.app.ctx.db.select().from(refunds).orderBy(asc(refunds.id));

/** Three refunds, one per paid line, each sent to the provider that took it, and nothing else. */
async function expectThreeRefunds(f: Families) {
  const rows = await refundRows();
  expect(rows.map((r) => [r.cause, r.amountPence, r.status])).toEqual([
    ['event_cancelled', 2000, 'succeeded'],
    ['event_cancelled', 2000, 'succeeded'],
    ['event_cancelled', 2000, 'succeeded'],
  ]);
  const lines = await t.app.ctx.db.select().from(paymentLines).orderBy(asc(paymentLines.id));
  expect(new Set(lines.map((l) => l.refundId)).size).toBe(3);
  expect(t.stripe.refunds.map((r) => [r.payment_intent, r.amount])).toEqual([
    [f.card.reference, 2000],
    [f.card.reference, 2000],
  ]);
  expect(paypal.refunds.map((r) => [r.amount.value])).toEqual([['20.00']]);
}

describe('cancelling a race with paid entries', () => {
  it.each([true, false])(
    'refunds each of the three paid entries (two in one card order, one by wallet) once, in full, with refunds through the site %s',
    async (on) => {
      await refundsOn(t, on);
      const f = await paidFamilies(t, paypal);
      // the confirmation's figures first
      const admin = await signedIn(t.app, 'admin');
      const preview = await t.app.inject({
        method: 'GET',
        url: `/api/v1/products/${f.eventId}/cancel/`,
        headers: bearer(admin.access),
      });
      expect(preview.json()).toEqual({
        name: 'Storm Slalom',
        paid_entries: 3,
        refund_total: '60.00',
        entrants: 4,
        cancelled: false,
        taken_place: false,
      });
      const parent = await signedIn(t.app);
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/v1/products/${f.eventId}/cancel/`,
        headers: bearer(parent.access),
      });
      expect(refused.statusCode).toBe(403);

      expect((await cancelRace(f.eventId)).statusCode).toBe(200);
      await expectThreeRefunds(f);
      // cancelling again adds nothing
      expect((await cancelRace(f.eventId)).statusCode).toBe(200);
      expect(await refundRows()).toHaveLength(3);
      // the bookings stay (the race's history)
      expect(await t.app.ctx.db.select().from(bookings).where(eq(bookings.eventId, f.eventId))).toHaveLength(4);

      // My Entries: the cancelled race's lines, refunded, with no Cancel entry
      const mine = (
        await t.app.inject({ method: 'GET', url: '/api/v1/my-entries/', headers: f.parent.headers })
      ).json();
      expect(
        mine[0].lines.map((l: { race_cancelled: boolean; cancel: unknown; refund: unknown }) => [
          l.race_cancelled,
          l.cancel,
          l.refund,
        ]),
      ).toEqual([
        [true, null, { progress: 'refunded', amount: '20.00' }],
        [true, null, { progress: 'refunded', amount: '20.00' }],
      ]);
      // the parent's own Cancel entry says what happened, not "Entry not found."
      const own = await cancelFor(t, f.parent, f.amyLine);
      expect([own.statusCode, own.json().error]).toEqual([409, CANCEL_MSG.raceCancelled]);
    },
  );

  it('an entry the family cancelled before the race was cancelled keeps its own words in My Entries (its fee kept)', async () => {
    await refundsOn(t, true);
    const f = await paidFamilies(t, paypal);
    expect((await cancelFor(t, f.parent, f.amyLine)).statusCode).toBe(200);
    expect((await cancelRace(f.eventId)).statusCode).toBe(200);
    const mine = (await t.app.inject({ method: 'GET', url: '/api/v1/my-entries/', headers: f.parent.headers })).json();
    expect(
      mine[0].lines.map((l: { id: number; state: string; race_cancelled: boolean; refund: unknown }) => [
        l.id,
        l.state,
        l.race_cancelled,
        l.refund,
      ]),
    ).toEqual([
      [f.amyLine, 'released', false, { progress: 'refunded', amount: '15.00' }],
      [f.benLine, 'booked', true, { progress: 'refunded', amount: '20.00' }],
    ]);
  });

  it('a race whose day is over cannot be cancelled (a mistaken click would refund every entry)', async () => {
    const f = await paidFamilies(t, paypal);
    // race day itself (the weather on the morning) may still be cancelled; the day after may not
    t.clock.set('2026-02-15T00:00:00Z');
    const late = await cancelRace(f.eventId);
    expect([late.statusCode, late.json().error]).toEqual([
      409,
      'This event has already taken place and cannot be cancelled.',
    ]);
    expect(await refundRows()).toEqual([]);
    const admin = await signedIn(t.app, 'admin');
    const preview = await t.app.inject({
      method: 'GET',
      url: `/api/v1/products/${f.eventId}/cancel/`,
      headers: bearer(admin.access),
    });
    expect(preview.json()).toMatchObject({ taken_place: true, cancelled: false });
    t.clock.set('2026-02-14T23:59:00Z');
    expect((await cancelRace(f.eventId)).statusCode).toBe(200);
    expect(await refundRows()).toHaveLength(3);
  });

  it('every entrant is told once: the paying families, each racer with their own address, and a free entry', async () => {
    const f = await paidFamilies(t, paypal);
    expect((await cancelRace(f.eventId)).statusCode).toBe(200);
    const mails = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'race-cancelled'))
      .orderBy(asc(mailOutbox.id));
    const to = mails.map((m) => m.recipient).sort();
    expect(to).toEqual(
      [f.parent, f.amy, f.ben, f.wallet, f.free].map((b) => `${b.username}@example.com`.toLowerCase()).sort(),
    );
    const rendered = async (username: string) => {
      const mail = mails.find((m) => m.recipient === `${username}@example.com`);
      return raceCancelledTemplate(t.app.ctx, mail?.data ?? {});
    };
    const family = await rendered(f.parent.username);
    const code = t.app.ctx.config.association.code;
    expect(family?.subject).toBe(`${code}: Storm Slalom on Saturday 14th February 2026 is cancelled`);
    expect(family?.replyTo).toBe(t.app.ctx.config.association.email);
    expect(family?.text).toContain(`${f.amy.name}: £20.00 refunded to the card that paid`);
    expect(family?.text).toContain(`${f.ben.name}: £20.00 refunded to the card that paid`);
    const wallet = await rendered(f.wallet.username);
    expect(wallet?.text).toContain(`${f.wallet.name}: £20.00 refunded to the PayPal account that paid`);
    const free = await rendered(f.free.username);
    expect(free?.text).toContain(`${f.free.name}: a free entry: nothing to refund`);
    // nothing goes back to a card for a free entry: no word of statements
    expect(free?.text).not.toContain('statement');
    expect(family?.text).toContain('A refund to a card or wallet can take a few days to show on your statement.');
  });

  it('a parent’s cancellation, an administrator’s removal and the race’s cancellation at the same moment refund each line once', async () => {
    await refundsOn(t, true);
    const f = await paidFamilies(t, paypal);
    const admin = await signedIn(t.app, 'admin');
    const answers = await Promise.all([
      cancelFor(t, f.parent, f.amyLine),
      removeWithRefund(t, admin.access, f.benBooking),
      cancelRace(f.eventId),
    ]);
    expect(answers.map((a) => a.statusCode).every((s) => s < 500)).toBe(true);
    const rows = await refundRows();
    expect(rows).toHaveLength(3);
    const lines = await t.app.ctx.db.select().from(paymentLines);
    expect(lines.every((l) => l.refundId !== null)).toBe(true);
    expect(new Set(lines.map((l) => l.refundId)).size).toBe(3);
    await refundTotalsWithin(t);
  });

  it('20 mixed requests at once never refund more than was taken (checked in SQL)', async () => {
    await refundsOn(t, true);
    const f = await paidFamilies(t, paypal);
    const admin = await signedIn(t.app, 'admin');
    const asks = Array.from({ length: 20 }, (_, i) => {
      switch (i % 5) {
        case 0:
          return cancelFor(t, f.parent, f.amyLine);
        case 1:
          return cancelFor(t, f.parent, f.benLine);
        case 2:
          return removeWithRefund(t, admin.access, f.benBooking);
        case 3:
          return removeWithRefund(t, admin.access, f.walletBooking);
        default:
          return cancelRace(f.eventId);
      }
    });
    const answers = await Promise.all(asks);
    expect(answers.filter((a) => a.statusCode >= 500).map((a) => a.body)).toEqual([]);
    await refundTotalsWithin(t);
    const lines = await t.app.ctx.db.select().from(paymentLines);
    expect(new Set(lines.map((l) => l.refundId)).size).toBe(lines.length);
    expect(await refundRows()).toHaveLength(3);
  });
});

describe('the database guard on refunds', () => {
  it('refuses a refund inserted in SQL that would take a payment beyond what the provider took', async () => {
    const f = await paidFamilies(t, paypal);
    const [card] = await t.app.ctx.db.select().from(payments).where(eq(payments.reference, f.card.reference));
    /** 'done', or the database's own words (drizzle wraps them as the cause). */
    const outcome = (query: Promise<unknown>) =>
      query.then(
        () => 'done',
        (e: { cause?: { message?: string }; message?: string }) => e.cause?.message ?? e.message,
      );
    const insert = (pence: number, key: string) =>
      outcome(
        t.app.ctx.db.execute(
          sql`insert into refunds (payment_id, amount_pence, cause, idempotency_key) values (${card?.id}, ${pence}, 'requested', ${key})`,
        ),
      );
    const over = (total: number) =>
      `refunds of payment ${card?.id} would come to ${total} pence, more than the 4000 pence the provider took`;
    expect(await insert(4001, 'over')).toBe(over(4001));
    expect(await insert(3000, 'part')).toBe('done');
    expect(await insert(1001, 'rest-and-a-penny')).toBe(over(4001));
    expect(await insert(1000, 'rest')).toBe('done');
    // raising an amount is refused the same way
    expect(
      await outcome(t.app.ctx.db.execute(sql`update refunds set amount_pence = 3001 where idempotency_key = 'part'`)),
    ).toBe(over(4001));
    // the provider took more than was asked (an amount mismatch): that amount may go back
    await t.app.ctx.db
      .update(payments)
      .set({ paidAmountPence: 4500 })
      .where(eq(payments.id, card?.id ?? 0));
    expect(await insert(500, 'mismatch')).toBe('done');
    expect(await insert(1, 'one-more')).toMatch(/more than the 4500 pence the provider took$/);
  });
});
