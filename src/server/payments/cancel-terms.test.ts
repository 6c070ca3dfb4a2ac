import { asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { CANCEL_MSG, suggestedDeadline } from '../../domain/payments/cancellation.ts';
import { events, mailOutbox, paymentLines } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer } from '../test/helper.ts';
import { cancelFor, refundsOn } from './cancel-race-support.ts';
import { paidAnyway, started, webhook } from './hold-support.ts';
import { lineRemovedRefundMail, MAIL, paymentMailTemplates, type RefundMailData } from './mails.ts';
import { refundNewsTemplate } from './refund-mails.ts';
import { useStripeTestApp } from './stripe-test-app.ts';
import { type Booker, makeBookers } from './test-support.ts';

/** Issue 35, "Terms that make sense" and "Families told, every time". */
const t = useStripeTestApp();
beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

/** Hemel Open Slalom on Saturday 14 February 2026, £20. */
const race = (values: Partial<typeof events.$inferInsert> = {}) =>
  raceEventRow(t.app, { ...OPEN_WINDOW, name: 'Hemel Open Slalom', pricePence: 2000, quantity: 5, ...values });

async function setTerms(eventId: number, payload: Record<string, string>) {
  const admin = await signedIn(t.app, 'admin');
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/products/${eventId}/cancellation/`,
    headers: bearer(admin.access),
    payload,
  });
}

describe('a race’s cancellation terms', () => {
  it('a deadline can be at most the race’s date; the form suggests the day before', async () => {
    const eventId = await race();
    const after = await setTerms(eventId, { cancel_until: '2026-02-15', cancel_fee: '5' });
    expect(after.statusCode).toBe(400);
    expect(after.json().errors).toEqual({
      cancel_until: ["The cancellation deadline can be at most the race's date (14/02/2026); the day before is usual."],
    });
    const aYearLater = await setTerms(eventId, { cancel_until: '2027-02-14' });
    expect(aYearLater.json().errors.cancel_until).toHaveLength(1);
    // nothing was stored by a refusal
    const [row] = await t.app.ctx.db.select().from(events).where(eq(events.id, eventId));
    expect([row?.cancelUntil, row?.cancelFeePence]).toEqual([null, 0]);
    // a year the database has no date for answered 500 (outside review): refused as a date
    for (const day of ['0000-01-01', '0000-12-31', '0999-06-01']) {
      const odd = await setTerms(eventId, { cancel_until: day });
      expect([odd.statusCode, odd.json().errors?.cancel_until], day).toEqual([400, [CANCEL_MSG.dateInvalid]]);
    }
    const onTheDay = await setTerms(eventId, { cancel_until: '2026-02-14', cancel_until_time: '08:00' });
    expect(onTheDay.statusCode, onTheDay.body).toBe(200);
    expect(suggestedDeadline('2026-02-14')).toBe('2026-02-13');
    expect(suggestedDeadline('2026-03-01')).toBe('2026-02-28');
  });

  it('a fee can be at most the price', async () => {
    const eventId = await race();
    const above = await setTerms(eventId, { cancel_until: '2026-02-13', cancel_fee: '20.01' });
    expect(above.statusCode).toBe(400);
    expect(above.json().errors).toEqual({
      cancel_fee: ["The cancellation fee can be at most the race's price (£20.00)."],
    });
    const fiveHundred = await setTerms(eventId, { cancel_until: '2026-02-13', cancel_fee: '500' });
    expect(fiveHundred.json().errors.cancel_fee).toHaveLength(1);
    const both = await setTerms(eventId, { cancel_until: '2026-03-01', cancel_fee: '21' });
    expect(Object.keys(both.json().errors).sort()).toEqual(['cancel_fee', 'cancel_until']);
    expect((await setTerms(eventId, { cancel_until: '2026-02-13', cancel_fee: '20.00' })).statusCode).toBe(200);
  });
});

describe('cancelling an entry on race day', () => {
  /** A racer who paid £20 for themself, with terms that (wrongly, as stored before issue 35) run
   * to the end of race day. */
  async function paidEntry(): Promise<{ payer: Booker; lineId: number }> {
    const eventId = await race({ cancelUntil: '2026-02-14', cancelUntilTime: '23:59', cancelFeePence: 500 });
    const [payer] = (await makeBookers(t.app, 1, [eventId])) as [Booker];
    const { reference } = await started(t, payer, '20.00');
    await t.stripe.confirm(reference);
    expect((await webhook(t, reference)).statusCode).toBe(200);
    const [line] = await t.app.ctx.db.select().from(paymentLines);
    return { payer, lineId: line?.id ?? 0 };
  }

  it('is refused once the race day has begun (London), whatever the deadline says', async () => {
    await refundsOn(t, true);
    const { payer, lineId } = await paidEntry();
    // midnight in London on race day (GMT in February)
    t.clock.set('2026-02-14T00:00:00Z');
    const { startSession } = await import('../accounts/sessions.ts');
    const session = await startSession(t.app.ctx, payer.id);
    const refused = await cancelFor(t, { ...payer, headers: bearer(session.access) }, lineId);
    expect([refused.statusCode, refused.json().error]).toEqual([409, CANCEL_MSG.raceDayBegun]);
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/v1/my-entries/', headers: bearer(session.access) })
    ).json();
    expect(mine[0].lines[0].cancel).toBeNull();
  });

  it('a minute before race day it goes through, and the payer is told the refund is on its way, with the fee kept', async () => {
    await refundsOn(t, true);
    const { payer, lineId } = await paidEntry();
    t.clock.set('2026-02-13T23:59:00Z');
    const { startSession } = await import('../accounts/sessions.ts');
    const session = await startSession(t.app.ctx, payer.id);
    const done = await cancelFor(t, { ...payer, headers: bearer(session.access) }, lineId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().refund).toBe('15.00');
    const [news] = await t.app.ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.template, 'refund-news'))
      .orderBy(asc(mailOutbox.id));
    expect(news?.recipient).toBe(`${payer.username}@example.com`);
    const mail = await refundNewsTemplate(t.app.ctx, news?.data ?? {});
    const code = t.app.ctx.config.association.code;
    expect(mail?.subject).toBe(`${code}: your refund of £15.00 is on its way`);
    expect(mail?.replyTo).toBe(t.app.ctx.config.association.email);
    expect(mail?.text).toContain('£15.00 is being refunded to the card that paid.');
    expect(mail?.text).toContain(`Hemel Open Slalom: ${payer.name}: £15.00 (cancellation fee of £5.00 kept)`);
    expect(mail?.text).toContain('Refund: £15.00 (fees kept: £5.00)');
  });
});

describe('the refund e-mail', () => {
  it('lists each line with its own amount (two lines of different prices, written in another order than their races)', async () => {
    const dear = await race({ name: 'Dear Race', pricePence: 2500 });
    const cheap = await race({ name: 'Cheap Race', pricePence: 1500 });
    const aside = await race({ name: 'Aside' });
    const [payer] = (await makeBookers(t.app, 1, [dear, cheap])) as [Booker];
    const { reference } = await started(t, payer, '40.00');
    // the payment's first line becomes the cheap race's, its second the dear one's: line order and
    // race order now differ (settle.ts once paired names in one order with amounts in the other)
    const [first, second] = await t.app.ctx.db.select().from(paymentLines).orderBy(asc(paymentLines.id));
    const move = (id: number, eventId: number, pricePence: number) =>
      t.app.ctx.db.update(paymentLines).set({ eventId, pricePence }).where(eq(paymentLines.id, id));
    await move(first?.id ?? 0, aside, 1500);
    await move(second?.id ?? 0, dear, 2500);
    await move(first?.id ?? 0, cheap, 1500);
    const cleared = await t.app.inject({ method: 'POST', url: '/api/v1/cart/clear/', headers: payer.headers });
    expect(cleared.statusCode).toBe(200);
    paidAnyway(t, reference);
    expect((await webhook(t, reference)).statusCode).toBe(200);
    const [mail] = await t.app.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.template, MAIL.lineRemovedRefund));
    expect((mail?.data as { lines?: unknown } | undefined)?.lines).toEqual([
      { event: 'Cheap Race', participant: payer.name, amountPence: 1500 },
      { event: 'Dear Race', participant: payer.name, amountPence: 2500 },
    ]);
    const rendered = await lineRemovedRefundMail(t.app.ctx.config, mail?.data as unknown as RefundMailData);
    const sent = await paymentMailTemplates[MAIL.lineRemovedRefund]?.(t.app.ctx, mail?.data ?? {});
    expect(sent?.replyTo).toBe(t.app.ctx.config.association.email);
    expect(rendered.text).toContain(`Cheap Race: ${payer.name} (£15.00)`);
    expect(rendered.text).toContain(`Dear Race: ${payer.name} (£25.00)`);
  });
});
