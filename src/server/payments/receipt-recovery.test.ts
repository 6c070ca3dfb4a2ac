import { eq, like } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { mailOutbox, users } from '../db/schema.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { useTestApp } from '../test/helper.ts';
import { runPaymentJobs } from './jobs.ts';
import { type Booker, makeBookers } from './test-support.ts';

/** A receipt's subject (src/emails/receipt.tsx). */
const RECEIPT_SUBJECT = /^ERSA: your entr(y|ies) for .+ (is|are) confirmed$/;

/** A settlement queues its receipt right after it commits; a process stopped in between must not
 * lose it (issue 24: nothing is lost with mail). */
describe('a receipt a stop kept from the outbox', () => {
  const t = useTestApp();
  let payer: Booker;
  let email: string;
  beforeEach(async () => {
    t.clock.set('2026-01-15T12:00:00Z');
    const race = await raceEventRow(t.app, { name: 'Recovery Race', ...OPEN_WINDOW, quantity: 5, pricePence: 2500 });
    [payer] = (await makeBookers(t.app, 1, [race])) as [Booker];
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: payer.headers, payload });
    await post('/api/v1/payment/create-payment-intent/', { amount: '25.00' });
    const paid = await post('/api/v1/payment/demo/demo_pay_1/complete/', { card_number: '4242 4242 4242 4242' });
    expect(paid.json()).toMatchObject({ status: 'succeeded' });
    const [row] = await t.app.ctx.db.select({ email: users.email }).from(users).where(eq(users.id, payer.id));
    email = row?.email ?? '';
  });

  const receipts = () => t.app.ctx.db.select().from(mailOutbox).where(like(mailOutbox.dedupeKey, 'receipt:payment:%'));

  it('is queued by the payments job, once, and then sent once', async () => {
    expect(await receipts()).toHaveLength(1);
    // as if the process had stopped between the settlement's commit and the receipt's queueing
    await t.app.ctx.db.delete(mailOutbox);
    await runPaymentJobs(t.app.ctx, t.app.log);
    await runPaymentJobs(t.app.ctx, t.app.log);
    const queued = await receipts();
    expect(queued.map((r) => [r.template, r.recipient])).toEqual([['receipt', email]]);
    await t.flushMail();
    expect(t.outbox.messages.filter((m) => RECEIPT_SUBJECT.test(m.subject)).map((m) => m.to)).toEqual([email]);
  });

  it('is not queued again once it was queued, sent or not', async () => {
    await t.flushMail();
    await runPaymentJobs(t.app.ctx, t.app.log);
    await t.flushMail();
    expect(await receipts()).toHaveLength(1);
    expect(t.outbox.messages.filter((m) => RECEIPT_SUBJECT.test(m.subject))).toHaveLength(1);
  });
});
