import { describe, expect, it } from 'vitest';
import { contactMessages, mailOutbox } from '../db/schema.ts';
import { createMailer, type Mailer } from '../plugins/mail.ts';
import { json } from '../test/helper.ts';
import { startSmtpSink } from '../test/smtp-sink.ts';
import { fieldErrors, nextIp, useContentTestApp } from './test-support.ts';

const t = useContentTestApp();

const SENT = 'Thank you for your message. We will get back to you within 24-48 hours.';
const MESSAGE = {
  'first-name': 'Mary-Jane',
  'last-name': "O'Neil",
  email: 'mary.jane@example.com',
  message: 'Is there a race for beginners at Hemel this season?',
};

const contact = (payload: object, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/contact/', payload, remoteAddress });

/** Runs `fn` with another mailer in place of the test outbox. */
async function withMailer<T>(mailer: Mailer, fn: () => Promise<T>): Promise<T> {
  const original = t.app.ctx.mailer;
  t.app.ctx.mailer = mailer;
  try {
    return await fn();
  } finally {
    t.app.ctx.mailer = original;
  }
}

describe('the contact form', () => {
  it('mails the association (reply-to the sender) and acknowledges the sender', async () => {
    const res = await contact(MESSAGE);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: SENT });
    await t.flushMail();
    expect(t.outbox.messages).toHaveLength(2);
    const [toAssociation, toSender] = t.outbox.messages;
    expect(toAssociation).toMatchObject({
      to: t.app.ctx.config.association.email,
      replyTo: 'mary.jane@example.com',
      subject: "ERSA contact form: Mary-Jane O'Neil",
    });
    expect(toAssociation?.text).toContain(MESSAGE.message);
    expect(toAssociation?.text).toContain('mary.jane@example.com');
    expect(toSender).toMatchObject({ to: 'mary.jane@example.com', replyTo: t.app.ctx.config.association.email });
    expect(toSender?.text).toContain('24-48 hours');
    expect(toSender?.text).toContain('Hello Mary-Jane,');
    expect(toSender?.text).not.toContain(MESSAGE.message);
  });

  it('refuses bad names, e-mail and message with the registration wording, and sends nothing', async () => {
    expect(fieldErrors(await contact({}))).toEqual({
      'first-name': ['First name is required'],
      'last-name': ['Last name is required'],
      email: ['Please enter a valid email address (max 254 characters)'],
      message: ['Message is required'],
    });
    expect(
      fieldErrors(await contact({ 'first-name': 'M', 'last-name': 'Jones2', email: 'nope', message: 'Hello' })),
    ).toEqual({
      'first-name': [
        'First name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long',
      ],
      'last-name': [
        'Last name must contain only letters, spaces, hyphens, or apostrophes, and be 2-50 characters long',
      ],
      email: ['Please enter a valid email address (max 254 characters)'],
    });
    // a value over its field's maximum is refused by the text rule, before the form's other rules
    expect(
      fieldErrors(await contact({ ...MESSAGE, email: `${'a'.repeat(250)}@x.com`, message: 'm'.repeat(5001) })),
    ).toEqual({
      email: ['Please enter a valid email address (max 254 characters)'],
      message: ['Message must be 5000 characters or fewer'],
    });
    expect(fieldErrors(await contact({ ...MESSAGE, first_name: 'Mary' }))).toEqual({
      first_name: ['Unknown field: first_name'],
    });
    expect(await t.app.ctx.db.select().from(contactMessages)).toEqual([]);
    expect((await contact({ ...MESSAGE, message: 'm'.repeat(5000) })).statusCode).toBe(200);
    await t.flushMail();
    expect(t.outbox.messages).toHaveLength(2);
  });

  it('thanks the visitor and keeps the message when mail is down, and mails it once mail works', async () => {
    const failing: Mailer = {
      async send() {
        throw new Error('connect ECONNREFUSED 127.0.0.1:25');
      },
    };
    const res = await withMailer(failing, async () => {
      const answer = await contact(MESSAGE);
      expect(await t.flushMail()).toEqual({ sent: 0, failed: 2, dropped: 0 });
      return answer;
    });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: SENT });
    const [stored] = await t.app.ctx.db.select().from(contactMessages);
    expect(stored).toMatchObject({
      firstName: 'Mary-Jane',
      lastName: "O'Neil",
      email: 'mary.jane@example.com',
      message: MESSAGE.message,
      readAt: null,
    });
    const rows = await t.app.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id);
    expect(rows.map((r) => [r.status, r.attempts, r.lastError])).toEqual([
      ['pending', 1, 'connect ECONNREFUSED 127.0.0.1:25'],
      ['pending', 1, 'connect ECONNREFUSED 127.0.0.1:25'],
    ]);
    // 30 s later the retry goes through the working mailer
    t.clock.advance(30_000);
    expect(await t.flushMail()).toEqual({ sent: 2, failed: 0, dropped: 0 });
    expect(t.outbox.messages.map((m) => m.subject)).toEqual([
      "ERSA contact form: Mary-Jane O'Neil",
      'ERSA: we have received your message',
    ]);
  });

  it('answers without a mail server at all: nothing is sent before the answer', async () => {
    const res = await withMailer({ send: () => new Promise<void>(() => {}) }, () => contact(MESSAGE));
    expect(json(res)).toEqual({ message: SENT });
    expect(t.outbox.messages).toEqual([]);
    expect(
      (await t.app.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id)).map((r) => [r.template, r.status]),
    ).toEqual([
      ['contact', 'pending'],
      ['contact-acknowledgement', 'pending'],
    ]);
  });

  it('still succeeds when only the acknowledgement fails', async () => {
    const sent: string[] = [];
    const flaky: Mailer = {
      async send(message) {
        if (message.to === MESSAGE.email) throw new Error('mailbox unavailable');
        sent.push(message.to);
      },
    };
    const res = await withMailer(flaky, async () => {
      const answer = await contact(MESSAGE);
      await t.flushMail();
      return answer;
    });
    expect(json(res)).toEqual({ message: SENT });
    expect(sent).toEqual([t.app.ctx.config.association.email]);
  });

  it('limits one address to 5 messages a minute', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await contact(MESSAGE, ip)).statusCode).toBe(200);
    expect((await contact(MESSAGE, ip)).statusCode).toBe(429);
    expect((await contact(MESSAGE)).statusCode).toBe(200);
  });
});

describe('the contact form over SMTP', () => {
  it('delivers the message to the association’s mailbox through a real SMTP server', async () => {
    const smtp = await startSmtpSink();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'ERSA <no-reply@ersa.example>',
      log: t.app.log,
    });
    try {
      const res = await withMailer(mailer, async () => {
        const answer = await contact(MESSAGE);
        await t.flushMail();
        return answer;
      });
      expect(json(res)).toEqual({ message: SENT });
      await smtp.waitFor(2);
    } finally {
      await smtp.close();
    }
    const association = smtp.received.find((m) => m.to.includes(t.app.ctx.config.association.email));
    expect(association).toBeDefined();
    const raw = association?.raw ?? '';
    expect(raw).toMatch(/^Subject: ERSA contact form: Mary-Jane O'Neil\r?$/m);
    expect(raw).toMatch(/^Reply-To: mary\.jane@example\.com\r?$/m);
    const decoded = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(decoded).toContain(MESSAGE.message);
    expect(smtp.received.find((m) => m.to.includes(MESSAGE.email))?.raw).toContain('24-48 hours');
  });
});
