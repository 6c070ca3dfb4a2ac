import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { sendReceipt } from '../payments/receipt.ts';
import type { Mailer } from '../plugins/mail.ts';
import { createUser, signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { backoffMs, MAIL_MAX_ATTEMPTS, runMailJob, safeError } from './job.ts';
import { queueMail } from './outbox.ts';

const t = useTestApp();

const refusing: Mailer = {
  async send() {
    throw new Error('421 try again later\nsmtp://user:secret@mail.example:25 said so');
  },
};

async function withMailer<T>(mailer: Mailer, fn: () => Promise<T>): Promise<T> {
  const original = t.app.ctx.mailer;
  t.app.ctx.mailer = mailer;
  try {
    return await fn();
  } finally {
    t.app.ctx.mailer = original;
  }
}

const rows = () => t.app.ctx.db.select().from(mailOutbox).orderBy(mailOutbox.id);
const run = () => runMailJob(t.app.ctx, t.app.log);

describe('the back-off', () => {
  it('waits 30 s, 2 min, 10 min, 30 min, then hourly', () => {
    expect([1, 2, 3, 4, 5, 6, 9].map(backoffMs)).toEqual([
      30_000, 120_000, 600_000, 1_800_000, 3_600_000, 3_600_000, 3_600_000,
    ]);
  });

  it('keeps an error short, on one line, without addresses', () => {
    expect(safeError(new Error('connect ECONNREFUSED 127.0.0.1:25'))).toBe('connect ECONNREFUSED 127.0.0.1:25');
    expect(safeError(new Error('refused https://site.example/reset-password/MQ/abc then\nthe mail text'))).toBe(
      'refused [address] then',
    );
    expect(safeError(new Error('x'.repeat(300)))).toHaveLength(200);
  });
});

describe('the mail job', () => {
  it('sends a queued mail once, then keeps only recipient, subject and time', async () => {
    await queueMail(t.app.ctx.db, {
      template: 'racer-decided',
      to: 'parent@example.com',
      data: { name: 'Tom Jones', approved: true, racerId: 42 },
    });
    expect(await run()).toEqual({ sent: 1, failed: 0, dropped: 0 });
    expect(await run()).toEqual({ sent: 0, failed: 0, dropped: 0 });
    expect(t.outbox.messages).toHaveLength(1);
    expect(t.outbox.messages[0]).toMatchObject({
      to: 'parent@example.com',
      subject: 'ERSA: Tom Jones is approved to race',
    });
    expect(t.outbox.messages[0]?.text).toContain(
      'Tom Jones is now an approved racer (racer number 42) and can be entered for races.',
    );
    expect(t.outbox.messages[0]?.html).toContain('<title>ERSA: Tom Jones is approved to race</title>');
    const [row] = await rows();
    expect(row).toMatchObject({
      status: 'sent',
      recipient: 'parent@example.com',
      subject: 'ERSA: Tom Jones is approved to race',
      data: null,
      attempts: 1,
      lastError: null,
    });
    expect(row?.sentAt?.getTime()).toBe(t.clock.now().getTime());
  });

  it('retries a failing mail by the back-off and gives up after 10 attempts', async () => {
    await queueMail(t.app.ctx.db, {
      template: 'racer-decided',
      to: 'a@example.com',
      data: { name: 'Amy Ray', approved: false },
    });
    await withMailer(refusing, async () => {
      expect(await run()).toEqual({ sent: 0, failed: 1, dropped: 0 });
      const [first] = await rows();
      expect(first).toMatchObject({
        status: 'pending',
        attempts: 1,
        lastError: '421 try again later',
        subject: "ERSA: Amy Ray's racer registration was not approved",
      });
      expect(first?.nextAttemptAt.getTime()).toBe(t.clock.now().getTime() + 30_000);
      // not before its time
      t.clock.advance(29_999);
      expect(await run()).toEqual({ sent: 0, failed: 0, dropped: 0 });
      t.clock.advance(1);
      expect(await run()).toEqual({ sent: 0, failed: 1, dropped: 0 });
      for (let attempt = 3; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        t.clock.advance(backoffMs(attempt - 1));
        expect(await run()).toEqual({ sent: 0, failed: 1, dropped: 0 });
      }
    });
    const [last] = await rows();
    expect(last).toMatchObject({ status: 'failed', attempts: 10 });
    t.clock.advance(24 * 60 * 60_000);
    expect(await run()).toEqual({ sent: 0, failed: 0, dropped: 0 });
    expect(t.outbox.messages).toEqual([]);
  });

  it('sends a mail that failed once as soon as its retry is due and the server answers', async () => {
    await queueMail(t.app.ctx.db, { template: 'racer-decided', to: 'b@example.com', data: { name: 'B B' } });
    await withMailer(refusing, run);
    t.clock.advance(30_000);
    expect(await run()).toEqual({ sent: 1, failed: 0, dropped: 0 });
    expect((await rows())[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null, data: null });
  });

  it('drops a password-reset mail still unsent when its link expires', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset-request/',
      payload: { username: user.username },
      remoteAddress: '10.88.0.1',
    });
    expect(res.statusCode).toBe(200);
    const { resetMailsSettled } = await import('../accounts/password-reset.ts');
    await resetMailsSettled();
    const [queued] = await rows();
    expect(queued?.expiresAt?.getTime()).toBe(t.clock.now().getTime() + 60 * 60_000);
    expect(JSON.stringify(queued?.data)).toContain('/reset-password/');
    await withMailer(refusing, run);
    t.clock.advance(60 * 60_000);
    expect(await run()).toEqual({ sent: 0, failed: 0, dropped: 1 });
    expect((await rows())[0]).toMatchObject({ status: 'dropped', data: null });
    expect(t.outbox.messages).toEqual([]);
  });

  it('refuses a row whose template does not exist, and says so', async () => {
    await queueMail(t.app.ctx.db, { template: 'no-such-template', to: 'c@example.com', data: {} });
    expect(await run()).toEqual({ sent: 0, failed: 1, dropped: 0 });
    expect((await rows())[0]?.lastError).toBe("no mail template named 'no-such-template'");
  });

  it('queues a receipt once, however often it is asked for', async () => {
    const user = await createUser(t.app, { email: 'payer@example.com' });
    const receipt = {
      userId: user.id,
      paymentId: 7,
      reference: 'pi_123',
      provider: 'stripe',
      lines: [
        { event: 'Race A', participant: 'Tom Jones', amountPence: 2500, booked: true },
        { event: 'Race B', participant: 'Tom Jones', amountPence: 2500, booked: false },
      ],
    };
    await sendReceipt(t.app.ctx, t.app.log, receipt);
    await sendReceipt(t.app.ctx, t.app.log, receipt);
    expect((await rows()).map((r) => [r.template, r.recipient, r.dedupeKey])).toEqual([
      ['receipt', 'payer@example.com', 'receipt:payment:7'],
      ['places-lost', t.app.ctx.config.association.email, 'receipt:payment:7:places-lost'],
    ]);
    expect(await t.flushMail()).toEqual({ sent: 2, failed: 0, dropped: 0 });
    expect(t.outbox.messages.map((m) => m.subject)).toEqual([
      'ERSA: your entry for Race A is confirmed; 1 place was refunded',
      'ERSA: refund made: 1 place lost on payment pi_123',
    ]);
    await sendReceipt(t.app.ctx, t.app.log, receipt);
    expect(await t.flushMail()).toEqual({ sent: 0, failed: 0, dropped: 0 });
  });
});

describe('failing mail in the back office', () => {
  const failing = (headers: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: '/api/v1/admin/mail/failing/', headers });

  it('lists mail failed for good or failing 3 times and more, without its data', async () => {
    for (const to of ['two@example.com', 'three@example.com']) {
      await queueMail(t.app.ctx.db, {
        template: 'password-reset',
        to,
        data: { firstName: 'A', link: 'https://x/reset-password/a/b' },
      });
    }
    await queueMail(t.app.ctx.db, { template: 'racer-decided', to: 'gone@example.com', data: { name: 'C' } });
    await t.app.ctx.db
      .update(mailOutbox)
      .set({ attempts: 2, lastError: 'Greeting never received' })
      .where(eq(mailOutbox.recipient, 'two@example.com'));
    await t.app.ctx.db
      .update(mailOutbox)
      .set({ attempts: 3, lastError: 'Greeting never received', subject: 'ERSA password reset' })
      .where(eq(mailOutbox.recipient, 'three@example.com'));
    await t.app.ctx.db
      .update(mailOutbox)
      .set({ attempts: 10, status: 'failed', lastError: '550 no such user' })
      .where(eq(mailOutbox.recipient, 'gone@example.com'));
    const admin = await signedIn(t.app, 'admin');
    const res = await failing(bearer(admin.access));
    expect(res.statusCode).toBe(200);
    const body = json<{ results: Record<string, unknown>[] }>(res);
    expect(body.results.map((r) => [r.recipient, r.template, r.subject, r.status, r.attempts, r.last_error])).toEqual([
      ['gone@example.com', 'racer-decided', null, 'failed', 10, '550 no such user'],
      ['three@example.com', 'password-reset', 'ERSA password reset', 'pending', 3, 'Greeting never received'],
    ]);
    expect(body.results[0]?.next_attempt_at).toBeNull();
    expect(typeof body.results[1]?.next_attempt_at).toBe('string');
    expect(res.body).not.toContain('reset-password');
  });

  it('is for administrators only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/mail/failing/' })).statusCode).toBe(401);
    const user = await signedIn(t.app, 'user');
    expect((await failing(bearer(user.access))).statusCode).toBe(403);
  });
});
