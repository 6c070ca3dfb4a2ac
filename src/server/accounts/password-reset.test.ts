import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it, vi } from 'vitest';
import { mailOutbox, passwordResetTokens, sessions, users } from '../db/schema.ts';
import { runMailJob } from '../mail/job.ts';
import { createMailer, type MailMessage } from '../plugins/mail.ts';
import { createUser, login, signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { requestPasswordReset, resetMailsSettled } from './password-reset.ts';
import { nextIp } from './test-support.ts';
import { hashToken } from './tokens.ts';

const t = useTestApp();

const SENT = 'If an account with that username exists, a password reset link has been sent to its e-mail address.';
const INVALID_LINK = 'This password reset link is invalid or has expired. Please request a new one.';
const SUCCESS = 'Your password has been successfully reset. You can now log in with your new password.';
const NEW = 'Fresh#Powder9';
const LINK = /http:\/\/localhost:3000\/reset-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/;

const requestReset = (username: string, remoteAddress = nextIp()) =>
  t.app.inject({ method: 'POST', url: '/api/v1/password-reset-request/', payload: { username }, remoteAddress });
const confirmReset = (link: { uidb64: string; token: string }, new_password = NEW) =>
  t.app.inject({ method: 'POST', url: '/api/v1/password-reset-confirm/', payload: { ...link, new_password } });
const signIn = (username: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { username, password } });

/** The uidb64 and token of the link in the last e-mail sent. */
function lastLink(): { uidb64: string; token: string } {
  const match = LINK.exec(t.outbox.last()?.text ?? '');
  if (!match?.[1] || !match[2]) throw new Error('no reset link in the last mail');
  return { uidb64: match[1], token: match[2] };
}

async function resetLinkFor(username: string) {
  expect((await requestReset(username)).statusCode).toBe(200);
  await resetMailsSettled();
  await t.flushMail();
  return lastLink();
}

/** A logger that keeps every line it is given, as JSON. */
function capturingLog(): { log: FastifyBaseLogger; lines: string[] } {
  const lines: string[] = [];
  const write = (...args: unknown[]) => {
    lines.push(JSON.stringify(args, (_k, v) => (v instanceof Error ? { message: v.message, stack: v.stack } : v)));
  };
  const log = {
    level: 'info',
    fatal: write,
    error: write,
    warn: write,
    info: write,
    debug: write,
    trace: write,
    silent: write,
  };
  return { log: { ...log, child: () => log } as unknown as FastifyBaseLogger, lines };
}

describe('password reset request', () => {
  it('answers the same for an unknown username and sends nothing', async () => {
    const res = await requestReset('nobodyhere1');
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: SENT });
    await resetMailsSettled();
    await t.flushMail();
    expect(t.outbox.messages).toHaveLength(0);
  });

  it('sends nothing for an archived account', async () => {
    const user = await createUser(t.app);
    await t.app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect(json(await requestReset(user.username))).toEqual({ message: SENT });
    await resetMailsSettled();
    await t.flushMail();
    expect(t.outbox.messages).toHaveLength(0);
  });

  it('mails a link to the account’s address and stores only the token’s hash', async () => {
    const user = await createUser(t.app, { username: 'ResetMe2024', email: 'reset.me@example.com' });
    const res = await requestReset('resetme2024');
    expect(json(res)).toEqual({ message: SENT });
    await resetMailsSettled();
    await t.flushMail();
    const mail = t.outbox.last();
    expect(mail).toMatchObject({ to: 'reset.me@example.com', subject: 'ERSA: reset your password' });
    const { uidb64, token } = lastLink();
    expect(Buffer.from(uidb64, 'base64url').toString()).toBe(String(user.id));
    expect(mail?.html).toContain(`http://localhost:3000/reset-password/${uidb64}/${token}`);
    const [row] = await t.app.ctx.db.select().from(passwordResetTokens);
    expect(row?.tokenHash).toBe(hashToken(token));
    expect(row?.expiresAt.getTime()).toBe(t.clock.now().getTime() + 60 * 60 * 1000);
  });

  it('answers without waiting for the mailer: one that has not finished still gets the 200', async () => {
    const user = await createUser(t.app);
    const handed: MailMessage[] = [];
    let finish = () => {};
    const original = t.app.ctx.mailer;
    t.app.ctx.mailer = {
      send: (message) => {
        handed.push(message);
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
    };
    let sending: Promise<unknown> = Promise.resolve();
    try {
      const res = await requestReset(user.username);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ message: SENT });
      await resetMailsSettled();
      // the mail is handed over all the same, after the answer, and is still being sent
      sending = t.flushMail();
      await vi.waitFor(() => expect(handed).toHaveLength(1));
      expect(handed[0]?.to).toBe(`${user.username}@example.com`);
    } finally {
      finish();
      await sending;
      t.app.ctx.mailer = original;
    }
  });

  it('logs a mailer’s failure without the link or its token', async () => {
    const user = await createUser(t.app);
    const { log, lines } = capturingLog();
    const sent: MailMessage[] = [];
    const ctx = {
      ...t.app.ctx,
      mailer: {
        async send(message: MailMessage) {
          sent.push(message);
          // some servers quote the message back in their refusal
          throw new Error(`550 message refused: ${message.text}`);
        },
      },
    };
    expect(await requestPasswordReset(ctx, { username: user.username }, log)).toEqual({ message: SENT });
    await resetMailsSettled();
    // the mail job sends it (mail/job.ts), and logs the failure by the outbox row's id
    expect(await runMailJob(ctx, log)).toEqual({ sent: 0, failed: 1, dropped: 0 });

    const token = LINK.exec(sent[0]?.text ?? '')?.[2] ?? '';
    expect(token.length).toBeGreaterThan(20);
    const logged = lines.join('\n');
    expect(logged).toContain('mail failed; it will be tried again');
    expect(logged).toContain('550 message refused');
    const [row] = await t.app.ctx.db.select().from(mailOutbox);
    expect(logged).toContain(`"mailId":${row?.id}`);
    expect(logged).not.toContain(token);
    expect(logged).not.toContain('/reset-password/');
    expect(row?.lastError).toContain('550 message refused');
    expect(row?.lastError).not.toContain(token);
  });

  it('requires a username', async () => {
    const res = await requestReset(' ');
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ username: ['Please enter your username'] });
  });

  it('limits requests from one address to 5 a minute', async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await requestReset(`someone${i}abc`, ip)).statusCode).toBe(200);
    expect((await requestReset('someone9abc', ip)).statusCode).toBe(429);
  });
});

describe('password reset confirm', () => {
  it('sets the new password once; the link then stops working', async () => {
    const user = await createUser(t.app);
    const link = await resetLinkFor(user.username);
    const res = await confirmReset(link);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: SUCCESS });
    expect((await signIn(user.username, NEW)).statusCode).toBe(200);
    expect((await signIn(user.username, user.password)).statusCode).toBe(401);

    const again = await confirmReset(link, 'Another#Pass7');
    expect(again.statusCode).toBe(400);
    expect(json(again).error).toBe(INVALID_LINK);
    expect((await signIn(user.username, NEW)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous uses of a link succeed', async () => {
    const user = await createUser(t.app);
    const link = await resetLinkFor(user.username);
    const results = await Promise.all([confirmReset(link, 'First#Pass11'), confirmReset(link, 'Second#Pass22')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('refuses a link after one hour', async () => {
    const user = await createUser(t.app);
    const link = await resetLinkFor(user.username);
    t.clock.advance(61 * 60_000);
    const res = await confirmReset(link);
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe(INVALID_LINK);
  });

  it('accepts a link just inside the hour', async () => {
    const user = await createUser(t.app);
    const link = await resetLinkFor(user.username);
    t.clock.advance(59 * 60_000);
    expect((await confirmReset(link)).statusCode).toBe(200);
  });

  it('refuses a link issued before the password was changed', async () => {
    const { user, access } = await signedIn(t.app);
    const link = await resetLinkFor(user.username);
    t.clock.advance(1000);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/change-password/',
      payload: { old_password: user.password, new_password1: NEW, new_password2: NEW },
      headers: bearer(access),
    });
    expect(changed.statusCode).toBe(200);
    const res = await confirmReset(link, 'Another#Pass7');
    expect(res.statusCode).toBe(400);
    expect(json(res).error).toBe(INVALID_LINK);
  });

  it('refuses a link issued before an earlier reset, even when still unused', async () => {
    const user = await createUser(t.app);
    const first = await resetLinkFor(user.username);
    const second = await resetLinkFor(user.username);
    t.clock.advance(1000);
    expect((await confirmReset(second)).statusCode).toBe(200);
    expect((await confirmReset(first, 'Another#Pass7')).statusCode).toBe(400);
  });

  it('refuses a token presented with another user’s id, or a made-up one', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const link = await resetLinkFor(user.username);
    const otherUid = Buffer.from(String(other.id)).toString('base64url');
    expect(json(await confirmReset({ uidb64: otherUid, token: link.token })).error).toBe(INVALID_LINK);
    expect(json(await confirmReset({ uidb64: link.uidb64, token: 'made-up' })).error).toBe(INVALID_LINK);
    expect(json(await confirmReset({ uidb64: '!!', token: link.token })).error).toBe(INVALID_LINK);
    expect((await confirmReset(link)).statusCode).toBe(200);
  });

  it('checks the new password and keeps the link usable when it fails', async () => {
    const user = await createUser(t.app, { username: 'Slalom2024' });
    const link = await resetLinkFor(user.username);
    const weak = await confirmReset(link, 'short');
    expect(weak.statusCode).toBe(400);
    expect(json(weak).errors).toEqual({
      new_password: [
        'Password must be 8-20 characters long and include at least one uppercase letter, one lowercase letter, one number, and one special character',
      ],
    });
    const personal = await confirmReset(link, 'Slalom2024#');
    expect(json(personal).errors).toEqual({
      new_password: ['Password should not contain your username, email, first name, or last name'],
    });
    expect((await confirmReset(link)).statusCode).toBe(200);
  });

  it('revokes every session of the user', async () => {
    const { user, cookie } = await signedIn(t.app);
    const link = await resetLinkFor(user.username);
    expect((await confirmReset(link)).statusCode).toBe(200);
    const open = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(open.every((s) => s.revokedAt !== null)).toBe(true);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: { cookie } });
    expect(res.statusCode).toBe(401);
  });

  it('refuses unknown fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset-confirm/',
      payload: { uidb64: 'MQ', token: 'x', new_password: NEW, confirm_password: NEW },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('password reset link check', () => {
  const check = (link: { uidb64: string; token: string }, remoteAddress = nextIp()) =>
    t.app.inject({
      method: 'GET',
      url: `/api/v1/password-reset-check/${encodeURIComponent(link.uidb64)}/${encodeURIComponent(link.token)}/`,
      remoteAddress,
    });

  it('says a fresh link is good without spending it; once used it says the link has expired', async () => {
    const user = await createUser(t.app);
    const link = await resetLinkFor(user.username);
    for (let i = 0; i < 2; i++) {
      const res = await check(link);
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ valid: true });
    }
    expect((await confirmReset(link)).statusCode).toBe(200);
    const used = await check(link);
    expect(used.statusCode).toBe(400);
    expect(json(used).error).toBe(INVALID_LINK);
  });

  it('gives an expired, unknown or malformed link the same answer, whoever it names', async () => {
    const user = await createUser(t.app);
    const other = await createUser(t.app);
    const link = await resetLinkFor(user.username);
    const dead = [
      { uidb64: Buffer.from(String(other.id)).toString('base64url'), token: link.token },
      { uidb64: link.uidb64, token: 'made-up' },
      { uidb64: Buffer.from('999999').toString('base64url'), token: 'made-up' },
      { uidb64: '!!', token: link.token },
    ];
    for (const wrong of dead) expect(json(await check(wrong))).toEqual({ error: INVALID_LINK, code: 'BAD_REQUEST' });
    t.clock.advance(61 * 60_000);
    expect(json(await check(link))).toEqual({ error: INVALID_LINK, code: 'BAD_REQUEST' });
  });

  it('is limited to 10 a minute from one address', async () => {
    const ip = nextIp();
    const link = { uidb64: 'MQ', token: 'made-up' };
    for (let i = 0; i < 10; i++) expect((await check(link, ip)).statusCode).toBe(400);
    expect((await check(link, ip)).statusCode).toBe(429);
  });
});

/** A real SMTP server on a free port that resolves `message` with the first mail it receives. */
async function startSmtpServer() {
  let deliver: (mail: { raw: string; to: string[] }) => void = () => {};
  const message = new Promise<{ raw: string; to: string[] }>((resolve) => {
    deliver = resolve;
  });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const to = session.envelope.rcptTo.map((r) => r.address);
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        callback();
        deliver({ raw: Buffer.concat(chunks).toString('utf8'), to });
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { port, message, close };
}

describe('password reset mail over SMTP', () => {
  it('delivers the link through a real SMTP server, and the link works', async () => {
    const smtp = await startSmtpServer();
    const user = await createUser(t.app, { email: 'smtp.user@example.com' });
    const original = t.app.ctx.mailer;
    t.app.ctx.mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'ERSA <no-reply@ersa.example>',
      log: t.app.log,
    });
    let mail: { raw: string; to: string[] };
    try {
      expect((await requestReset(user.username)).statusCode).toBe(200);
      await resetMailsSettled();
      await t.flushMail();
      mail = await smtp.message;
    } finally {
      t.app.ctx.mailer = original;
      await smtp.close();
    }

    expect(mail.to).toEqual(['smtp.user@example.com']);
    expect(mail.raw).toMatch(/^Subject: ERSA: reset your password\r?$/m);
    // undo quoted-printable soft line breaks and escapes before looking for the link
    const decoded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const match = LINK.exec(decoded);
    expect(match).not.toBeNull();
    const res = await confirmReset({ uidb64: match?.[1] ?? '', token: match?.[2] ?? '' });
    expect(res.statusCode).toBe(200);
    expect((await login(t.app, { username: user.username, password: NEW })).access).toMatch(/^eyJ/);
  });
});
