import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { securityEvents, totpFactors } from '../db/schema-security.ts';
import { login, signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { refreshCookie } from './test-support.ts';
import { codeAt, enrol } from './totp-test-support.ts';

/**
 * Issue 37: adding an authenticator asks for the password; turning it on or off and new recovery
 * codes end the account's other sessions (the one that made the change stays), and the owner is
 * e-mailed what changed, when and what to do if it was not them — also after a password change.
 */
const t = useTestApp();

const WRONG_PASSWORD = 'Your password was entered incorrectly.';
const NEW = 'Fresh#Powder9';

const totp = (method: 'POST' | 'DELETE', url: string, access: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1/profile/totp/${url}`, headers: bearer(access), payload });

const refresh = (app: App, cookie: string) =>
  app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: { cookie } });

/** Sends what is queued so far and forgets it: later mails are the test's. */
async function mailSettled() {
  await t.flushMail();
  t.outbox.clear();
}

/** The account's mails sent since the last mailSettled(), subject and text. */
async function mailsTo(username: string) {
  await t.flushMail();
  return t.outbox.messages.filter((m) => m.to === `${username}@example.com`);
}

describe('adding an authenticator asks for the password', () => {
  it('refuses a setup without the password or with a wrong one, and stores no secret', async () => {
    const { user, access } = await signedIn(t.app, 'admin');
    const bare = await totp('POST', 'setup/', access);
    expect(bare.statusCode).toBe(400);
    expect(json(bare).code).toBe('VALIDATION');
    const none = await totp('POST', 'setup/', access, {});
    expect(none.statusCode).toBe(400);
    expect(Object.keys(json<{ errors: object }>(none).errors)).toEqual(['password']);
    const empty = await totp('POST', 'setup/', access, { password: '' });
    expect(empty.statusCode).toBe(400);
    const wrong = await totp('POST', 'setup/', access, { password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ error: WRONG_PASSWORD, code: 'VALIDATION', errors: { password: [WRONG_PASSWORD] } });
    expect(await t.app.ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id))).toEqual([]);
    const right = await totp('POST', 'setup/', access, { password: user.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(json<{ secret: string }>(right).secret).toMatch(/^[A-Z2-7]{32}$/);
  });
});

describe("a change to the authenticator ends the account's other sessions and e-mails the owner", () => {
  it('turning it on: the other session’s refresh is refused, this one goes on; one e-mail says what and when', async () => {
    const { user, access, cookie } = await signedIn(t.app, 'admin');
    const other = await login(t.app, user);
    await mailSettled();
    await enrol(t.app, t.clock, access, user.password);

    const otherRefresh = await refresh(t.app, other.cookie);
    expect(otherRefresh.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(other.access) })).statusCode,
    ).toBe(401);
    expect((await refresh(t.app, cookie)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(access) })).statusCode).toBe(
      200,
    );

    const mails = await mailsTo(user.username);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe('ERSA: an authenticator app was added to your account');
    expect(mail?.text).toContain('an authenticator app was added to your account');
    expect(mail?.text).toMatch(/On \w+day \d+\w\w \w+ \d{4}, \d\d:\d\d UK time,/);
    expect(mail?.text).toContain('If it was not you');
    expect(mail?.text).toContain('Forgotten your password');
  });

  it('new recovery codes and turning it off: each ends the other sessions and sends its own e-mail', async () => {
    const { user, access, cookie } = await signedIn(t.app, 'admin');
    const { secret } = await enrol(t.app, t.clock, access, user.password);
    await mailSettled();

    const otherCookie = await codeSession(user, secret);
    const codes = await totp('POST', 'recovery-codes/', access, { password: user.password });
    expect(codes.statusCode, codes.body).toBe(200);
    expect((await refresh(t.app, otherCookie)).statusCode).toBe(401);
    const kept = await refresh(t.app, cookie);
    expect(kept.statusCode).toBe(200);
    let mails = await mailsTo(user.username);
    expect(mails.map((m) => m.subject)).toEqual(['ERSA: new recovery codes were made for your account']);
    expect(mails[0]?.text).toContain('the old ones no longer work');

    await mailSettled();
    const thirdCookie = await codeSession(user, secret);
    const fresh = json<{ access: string }>(await refresh(t.app, refreshCookie(kept))).access;
    const off = await totp('DELETE', '', fresh, { password: user.password });
    expect(off.statusCode, off.body).toBe(200);
    expect((await refresh(t.app, thirdCookie)).statusCode).toBe(401);
    mails = await mailsTo(user.username);
    expect(mails.map((m) => m.subject)).toEqual(['ERSA: the authenticator app was removed from your account']);
    expect(mails[0]?.text).toContain('signing in now asks only for the password');
  });

  it('a wrong password changes nothing: no session ends, no e-mail', async () => {
    const { user, access } = await signedIn(t.app, 'admin');
    const { secret } = await enrol(t.app, t.clock, access, user.password);
    const otherCookie = await codeSession(user, secret);
    await mailSettled();
    expect((await totp('POST', 'recovery-codes/', access, { password: 'Wrong#Pass1' })).statusCode).toBe(400);
    expect((await totp('DELETE', '', access, { password: 'Wrong#Pass1' })).statusCode).toBe(400);
    expect((await refresh(t.app, otherCookie)).statusCode).toBe(200);
    expect(await mailsTo(user.username)).toEqual([]);
  });

  it('a setup never confirmed and then removed sends nothing', async () => {
    const { user, access } = await signedIn(t.app, 'admin');
    expect((await totp('POST', 'setup/', access, { password: user.password })).statusCode).toBe(200);
    await mailSettled();
    expect((await totp('DELETE', '', access, { password: user.password })).statusCode).toBe(200);
    expect(await mailsTo(user.username)).toEqual([]);
  });
});

describe('a password change e-mails the owner', () => {
  it('says the password was changed and every device signed out', async () => {
    const { user, access } = await signedIn(t.app);
    await mailSettled();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/change-password/',
      headers: bearer(access),
      payload: { old_password: user.password, new_password1: NEW, new_password2: NEW },
    });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await mailsTo(user.username);
    expect(mails.map((m) => m.subject)).toEqual(['ERSA: your password was changed']);
    expect(mails[0]?.text).toContain('every device signed in to it was signed out');
  });
});

/** A second session of an account with an authenticator, through the code step: its refresh cookie. */
async function codeSession(user: { username: string; password: string }, secret: string): Promise<string> {
  t.clock.advance(30_000);
  const first = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login/',
    payload: { username: user.username, password: user.password },
  });
  const { challenge } = json<{ challenge: string }>(first);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/login/totp/',
    payload: { challenge, code: await codeAt(secret, t.clock) },
  });
  expect(res.statusCode, res.body).toBe(200);
  const setCookie = res.headers['set-cookie'];
  return (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
}

describe('the security log has each change to the keys, with the address', () => {
  const eventsOf = async (userId: number) =>
    (
      await t.app.ctx.db
        .select()
        .from(securityEvents)
        .where(eq(securityEvents.userId, userId))
        .orderBy(asc(securityEvents.id))
    ).map((e) => ({ kind: e.kind, ip: e.ip, username: e.username, detail: e.detail }));

  it('authenticator on, new codes, a recovery code used, a refused code, off, and a password change', async () => {
    const { user, access } = await signedIn(t.app, 'admin');
    const ip = '127.0.0.1';
    const { secret, codes } = await enrol(t.app, t.clock, access, user.password);
    expect((await totp('POST', 'recovery-codes/', access, { password: user.password })).statusCode).toBe(200);
    const fresh = json<{ recovery_codes: string[] }>(
      await totp('POST', 'recovery-codes/', access, { password: user.password }),
    ).recovery_codes;
    expect(codes).not.toEqual(fresh);

    // a recovery code signs in once: recorded with the address it came from
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: user.username, password: user.password },
      remoteAddress: '198.51.100.7',
    });
    const { challenge } = json<{ challenge: string }>(first);
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/totp/',
      payload: { challenge, code: fresh[0] },
      remoteAddress: '198.51.100.7',
    });
    expect(used.statusCode, used.body).toBe(200);

    // five wrong codes on one challenge, then the code step refuses it: one row, however many more
    const again = json<{ challenge: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/login/',
        payload: { username: user.username, password: user.password },
        remoteAddress: '203.0.113.9',
      }),
    ).challenge;
    const right = await codeAt(secret, t.clock);
    const wrong = right === '000000' ? '111111' : '000000';
    const answers: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/login/totp/',
        payload: { challenge: again, code: wrong },
        remoteAddress: '203.0.113.9',
      });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);

    expect((await totp('DELETE', '', access, { password: user.password })).statusCode).toBe(200);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/change-password/',
      headers: bearer(access),
      payload: { old_password: user.password, new_password1: NEW, new_password2: NEW },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const who = { username: user.username };
    expect(await eventsOf(user.id)).toEqual([
      { ...who, kind: 'second_factor_on', ip, detail: null },
      { ...who, kind: 'recovery_codes_made', ip, detail: null },
      { ...who, kind: 'recovery_codes_made', ip, detail: null },
      { ...who, kind: 'recovery_code_used', ip: '198.51.100.7', detail: null },
      { ...who, kind: 'sign_in_refused', ip: '203.0.113.9', detail: 'authenticator code' },
      { ...who, kind: 'second_factor_off', ip, detail: null },
      { ...who, kind: 'password_changed', ip, detail: null },
    ]);
  });

  it('a wrong password or a wrong code writes no change', async () => {
    const { user, access } = await signedIn(t.app, 'admin');
    expect((await totp('POST', 'setup/', access, { password: 'Wrong#Pass1' })).statusCode).toBe(400);
    expect(await eventsOf(user.id)).toEqual([]);
  });
});
