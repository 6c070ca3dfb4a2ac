import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { eventOn, parentTrail } from '../accounts/data-rights-support.ts';
import { contactMessages, mailOutbox, refunds } from '../db/schema.ts';
import { entrantMessages } from '../db/schema-events.ts';
import { waitingEntries, waitingMembers } from '../db/schema-waiting-list.ts';
import { MAIL } from '../payments/mails.ts';
import { RACE_CANCELLED, REFUND_NEWS } from '../payments/refund-mails.ts';
import { createMailer } from '../plugins/mail.ts';
import { createUser } from '../test/fixtures.ts';
import { useTestApp } from '../test/helper.ts';
import { headerOf, startSmtpSink } from '../test/smtp-sink.ts';
import { queueMail } from './outbox.ts';
import { mailTemplates } from './templates.ts';

const t = useTestApp();

const refund = {
  reference: 'pi_123',
  provider: 'stripe',
  payer: 'Sarah Jones',
  payerFirstName: 'Sarah',
  payerUsername: 'sarahj',
  lines: [{ event: 'Hemel Open Slalom', participant: 'Emily Jones', amountPence: 2000 }],
  totalPence: 2000,
};

/** What each template needs to render, arranged in the database: a template added to the
 * registry without its line here fails the test below. */
async function samples(): Promise<Record<string, Record<string, unknown>>> {
  const db = t.app.ctx.db;
  const parent = await createUser(t.app);
  const child = await createUser(t.app, { racer: true });
  const eventId = await eventOn(t.app, '2027-03-27');
  const { paymentId } = await parentTrail(t.app, parent, child, eventId);
  await db.delete(mailOutbox);
  const [message] = await db.select({ id: contactMessages.id }).from(contactMessages);
  const [given] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.paymentId, paymentId));
  const [sent] = await db
    .insert(entrantMessages)
    .values({ eventId, sentById: parent.id, subject: 'Start moved', body: 'Now 10:30.', recipients: 1 })
    .returning({ id: entrantMessages.id });
  const [entry] = await db
    .insert(waitingEntries)
    .values({ eventId, ownerId: parent.id, mode: 'all', state: 'offered', offerEndsAt: t.clock.now() })
    .returning({ id: waitingEntries.id });
  if (!entry) throw new Error('no waiting entry');
  await db.insert(waitingMembers).values({ entryId: entry.id, eventId, racerId: child.id, ord: 0, state: 'offered' });
  const receipt = {
    userId: parent.id,
    reference: 'pi_123',
    provider: 'stripe',
    lines: [{ eventId, event: 'Hemel Open Slalom', participant: 'Emily Jones', amountPence: 2000, booked: true }],
  };
  const health = { kind: 'mail', raised_at: '2027-03-01T10:00:00Z', cleared_at: '2027-03-01T11:00:00Z' };
  return {
    'password-reset': { firstName: 'Sarah', link: 'https://entries.example.org/reset-password/MQ/abc' },
    'account-changed': { firstName: 'Sarah', change: 'password_changed', at: t.clock.now().toISOString() },
    'link-request-decided': { requesterId: parent.id, targetName: 'Emily Jones', approved: true },
    'racer-decided': { name: 'Emily Jones', approved: true, racerId: 42 },
    contact: { messageId: message?.id },
    'contact-acknowledgement': { messageId: message?.id },
    receipt: { receipt },
    'places-lost': { receipt },
    [MAIL.lineRemovedRefund]: refund,
    [MAIL.eventCancelledRefund]: refund,
    [MAIL.eventCancelledRefundAssociation]: refund,
    [MAIL.amountMismatch]: {
      ...refund,
      paymentId,
      askedPence: 2000,
      askedCurrency: 'GBP',
      paidPence: 1900,
      paidCurrency: 'EUR',
    },
    [REFUND_NEWS]: { refundId: given?.id, kind: 'completed' },
    [RACE_CANCELLED]: { eventId, firstName: 'Sarah', entries: [] },
    'health-alert': { ...health, detail: 'The mail server refused 3 mails.' },
    'health-cleared': health,
    'entrant-message': { messageId: sent?.id },
    'waiting-list-offer': { entryId: entry.id },
  };
}

describe('Reply-To', () => {
  it('is on every kind of mail read from the test mail server: the association’s e-mail, or the sender’s for a contact message', async () => {
    const data = await samples();
    const names = Object.keys(mailTemplates);
    expect(Object.keys(data).sort()).toEqual([...names].sort());
    const to = (name: string) => `${name}@recipients.example`;
    for (const name of names) await queueMail(t.app.ctx.db, { template: name, to: to(name), data: data[name] ?? {} });

    const smtp = await startSmtpSink();
    const original = t.app.ctx.mailer;
    t.app.ctx.mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'ERSA <no-reply@ersa.example>',
      log: t.app.log,
    });
    try {
      expect(await t.flushMail()).toEqual({ sent: names.length, failed: 0, dropped: 0 });
      await smtp.waitFor(names.length);
    } finally {
      t.app.ctx.mailer = original;
      await smtp.close();
    }
    const [sender] = await t.app.ctx.db.select({ email: contactMessages.email }).from(contactMessages);
    const association = t.app.ctx.config.association.email;
    const replyTo = Object.fromEntries(
      names.map((name) => [name, headerOf(smtp.received.find((m) => m.to.includes(to(name)))?.raw ?? '', 'Reply-To')]),
    );
    expect(replyTo).toEqual(
      Object.fromEntries(names.map((name) => [name, name === 'contact' ? sender?.email : association])),
    );
  });
});
