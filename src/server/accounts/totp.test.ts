import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { loginFailures, sessions, users } from '../db/schema.ts';
import { totpFactors, totpRecoveryCodes } from '../db/schema-security.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { codeKeys } from './code-limits.ts';
import { refreshSetCookie } from './test-support.ts';
import { challengeFor, codeAt, enrol, sendCode, signIn } from './totp-test-support.ts';

const t = useTestApp();

const INVALID_CODE = 'Invalid code, please try again.';
const CHALLENGE_REFUSED = 'Your sign-in has expired. Please enter your username and password again.';
const FORBIDDEN = 'You do not have permission to perform this action.';
const RECOVERY_SHAPE = /^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/;

const call = (method: 'GET' | 'POST' | 'DELETE', url: string, access: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1/profile/totp/${url}`, headers: bearer(access), payload: payload as object });

/** An administrator with a confirmed authenticator. */
async function enrolledAdmin(kind: 'admin' | 'super' = 'admin') {
  const { user, access } = await signedIn(t.app, kind);
  return { user, access, ...(await enrol(t.app, t.clock, access, user.password)) };
}

describe('enrolment', () => {
  it('sets up a secret, refuses a wrong first code and turns on with a right one, answering ten recovery codes once', async () => {
    const { user, access } = await signedIn(t.app, 'admin');
    expect(json(await call('GET', '', access))).toEqual({ enabled: false, recovery_codes_left: 0, required: false });

    const setup = await call('POST', 'setup/', access, { password: user.password });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url } = json<{ secret: string; otpauth_url: string }>(setup);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauth_url).toBe(`otpauth://totp/ERSA:${user.username}?secret=${secret}&issuer=ERSA`);

    const right = await codeAt(secret, t.clock);
    const wrong = await call('POST', 'confirm/', access, { code: right === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong)).toEqual({ error: INVALID_CODE, code: 'VALIDATION', errors: { code: [INVALID_CODE] } });
    // a recovery-shaped code cannot confirm an authenticator
    expect((await call('POST', 'confirm/', access, { code: 'abcd-efgh-jkmn' })).statusCode).toBe(400);
    expect(json(await call('GET', '', access)).enabled).toBe(false);
    // an unconfirmed authenticator does not change the sign-in
    expect(Object.keys(json(await signIn(t.app, user)))).toEqual(['access']);

    const confirm = await call('POST', 'confirm/', access, { code: await codeAt(secret, t.clock) });
    expect(confirm.statusCode).toBe(200);
    const codes = json<{ recovery_codes: string[] }>(confirm).recovery_codes;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(RECOVERY_SHAPE);
    expect(json(await call('GET', '', access))).toEqual({ enabled: true, recovery_codes_left: 10, required: false });

    // only hashes are stored
    const stored = await t.app.ctx.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id));
    expect(stored.map((r) => r.codeHash).every((h) => /^[0-9a-f]{64}$/.test(h) && !codes.includes(h))).toBe(true);

    // a second setup or confirmation is refused while one is on
    const again = await call('POST', 'setup/', access, { password: user.password });
    expect(again.statusCode).toBe(409);
    expect(json(again).error).toBe('Your authenticator is already on. Turn it off first to add another.');
    expect((await call('POST', 'confirm/', access, { code: await codeAt(secret, t.clock) })).statusCode).toBe(409);
  });

  it('refuses a confirmation before any setup, and a new setup replaces an unconfirmed secret', async () => {
    const { user, access } = await signedIn(t.app, 'super');
    const early = await call('POST', 'confirm/', access, { code: '123456' });
    expect(early.statusCode).toBe(409);
    expect(json(early).error).toBe('Start setting up your authenticator first.');
    const first = json<{ secret: string }>(await call('POST', 'setup/', access, { password: user.password })).secret;
    const second = json<{ secret: string }>(await call('POST', 'setup/', access, { password: user.password })).secret;
    expect(second).not.toBe(first);
    expect((await call('POST', 'confirm/', access, { code: await codeAt(first, t.clock) })).statusCode).toBe(400);
    expect((await call('POST', 'confirm/', access, { code: await codeAt(second, t.clock) })).statusCode).toBe(200);
  });

  it('refuses a parent (403) on every enrolment route', async () => {
    const { access } = await signedIn(t.app, 'user');
    for (const [method, url, body] of [
      ['GET', '', undefined],
      ['POST', 'setup/', { password: 'Secret#Pass1' }],
      ['POST', 'confirm/', { code: '123456' }],
      ['POST', 'recovery-codes/', { password: 'Secret#Pass1' }],
    ] as const) {
      const res = await call(method, url, access, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(json(res)).toEqual({ error: FORBIDDEN, code: 'FORBIDDEN' });
    }
    expect(await t.app.ctx.db.select().from(totpFactors)).toEqual([]);
  });
});

describe('sign-in with a code', () => {
  it('asks for the code after the right password, then answers what login answers', async () => {
    const { user, secret } = await enrolledAdmin();
    const first = await signIn(t.app, user);
    expect(first.statusCode).toBe(200);
    const body = json<{ totp_required: boolean; challenge: string }>(first);
    expect(Object.keys(body).sort()).toEqual(['challenge', 'totp_required']);
    expect(body.totp_required).toBe(true);
    expect(refreshSetCookie(first)).toBeUndefined();
    const before = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));

    const res = await sendCode(t.app, body.challenge, await codeAt(secret, t.clock));
    expect(res.statusCode).toBe(200);
    expect(Object.keys(json(res))).toEqual(['access']);
    expect(refreshSetCookie(res)).toMatch(/; HttpOnly/);
    const after = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(after).toHaveLength(before.length + 1);
    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/profile/',
      headers: bearer(String(json(res).access)),
    });
    expect(json(profile).username).toBe(user.username);
  });

  it('refuses a code used once already, and codes of earlier steps, but takes the next one', async () => {
    const { user, secret } = await enrolledAdmin();
    const code = await codeAt(secret, t.clock);
    expect((await sendCode(t.app, await challengeFor(t.app, user), code)).statusCode).toBe(200);

    const replay = await sendCode(t.app, await challengeFor(t.app, user), code);
    expect(replay.statusCode).toBe(401);
    expect(json(replay)).toEqual({ error: INVALID_CODE, code: 'UNAUTHENTICATED' });
    // the previous step is inside the window but was spent before (or is older than) the last code
    const previous = await sendCode(t.app, await challengeFor(t.app, user), await codeAt(secret, t.clock, -30_000));
    expect(previous.statusCode).toBe(401);
    // one step ahead (a phone's clock a little fast) is accepted; two steps ahead is not
    const tooFar = await sendCode(t.app, await challengeFor(t.app, user), await codeAt(secret, t.clock, 60_000));
    expect(tooFar.statusCode).toBe(401);
    const ahead = await sendCode(t.app, await challengeFor(t.app, user), await codeAt(secret, t.clock, 30_000));
    expect(ahead.statusCode).toBe(200);
  });

  it('takes two concurrent uses of one code once', async () => {
    const { user, secret } = await enrolledAdmin();
    const code = await codeAt(secret, t.clock);
    const [a, b] = [await challengeFor(t.app, user), await challengeFor(t.app, user)];
    const answers = await Promise.all([sendCode(t.app, a, code), sendCode(t.app, b, code)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('accepts a recovery code once (any case, with or without dashes), then not again', async () => {
    const { user, access, codes } = await enrolledAdmin();
    const [code = '', other = ''] = codes;
    const res = await sendCode(t.app, await challengeFor(t.app, user), code);
    expect(res.statusCode).toBe(200);
    expect(json(await call('GET', '', access)).recovery_codes_left).toBe(9);

    const again = await sendCode(t.app, await challengeFor(t.app, user), code);
    expect(again.statusCode).toBe(401);
    expect(json(again).error).toBe(INVALID_CODE);
    const typed = ` ${other.replaceAll('-', '').toUpperCase()} `;
    expect((await sendCode(t.app, await challengeFor(t.app, user), typed)).statusCode).toBe(200);
    expect(json(await call('GET', '', access)).recovery_codes_left).toBe(8);
  });

  it('keeps the account’s wrong codes when the password is given again (code-step-limits.test.ts has the limits)', async () => {
    const { user } = await enrolledAdmin();
    const ip = '203.0.113.41';
    const accountRows = async () =>
      (
        await t.app.ctx.db
          .select()
          .from(loginFailures)
          .where(eq(loginFailures.key, codeKeys(ip, user.id, '').account))
      ).length;
    await sendCode(t.app, await challengeFor(t.app, user, ip), '000001', ip);
    await sendCode(t.app, await challengeFor(t.app, user, ip), '000002', ip);
    expect(await accountRows()).toBe(2);
    await challengeFor(t.app, user, ip);
    expect(await accountRows()).toBe(2);
  });
});

describe('challenge misuse', () => {
  it('refuses a used, expired, forged or altered challenge, and one whose password has changed (401)', async () => {
    const { user, secret } = await enrolledAdmin();
    const refused = async (challenge: string, code?: string) => {
      const res = await sendCode(t.app, challenge, code ?? (await codeAt(secret, t.clock)));
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ error: CHALLENGE_REFUSED, code: 'UNAUTHENTICATED' });
    };

    const used = await challengeFor(t.app, user);
    expect((await sendCode(t.app, used, await codeAt(secret, t.clock))).statusCode).toBe(200);
    t.clock.advance(30_000);
    await refused(used);

    const late = await challengeFor(t.app, user);
    t.clock.advance(5 * 60_000);
    await refused(late);

    await refused('not-a-challenge');
    const genuine = await challengeFor(t.app, user);
    await refused(`${genuine.slice(0, -2)}${genuine.endsWith('AA') ? 'BB' : 'AA'}`);
    // signed with another key
    const forged = await new SignJWT({ pwc: 0 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setJti('x')
      .setIssuer('piste')
      .setAudience('piste-totp-challenge')
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256'));
    await refused(forged);
    // an access token is not a challenge
    const { access } = await signedIn(t.app, 'admin');
    await refused(access);

    // the password changed since (a reset, say): the challenge made with the old one is dead
    const beforeChange = await challengeFor(t.app, user);
    await t.app.ctx.db
      .update(users)
      .set({ passwordChangedAt: new Date(t.clock.now().getTime() + 2_000) })
      .where(eq(users.id, user.id));
    await refused(beforeChange);
  });

  it('counts nothing for a refused challenge', async () => {
    const ip = '203.0.113.42';
    for (let i = 0; i < 15; i++) expect((await sendCode(t.app, 'forged', '123456', ip)).statusCode).toBe(401);
    expect(await t.app.ctx.db.select().from(loginFailures)).toEqual([]);
  });
});

describe('turning off and new recovery codes', () => {
  it('turns off only with the password; sign-in then needs no code', async () => {
    const { user, access } = await enrolledAdmin();
    const noBody = await call('DELETE', '', access, {});
    expect(noBody.statusCode).toBe(400);
    expect(json(noBody).errors).toEqual({ password: ['Please enter your password'] });
    const wrong = await call('DELETE', '', access, { password: 'Wrong#Pass1' });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).errors).toEqual({ password: ['Your password was entered incorrectly.'] });
    expect(json(await call('GET', '', access)).enabled).toBe(true);

    const off = await call('DELETE', '', access, { password: user.password });
    expect(off.statusCode).toBe(200);
    expect(json(off)).toEqual({ message: 'Your authenticator is off.' });
    expect(json(await call('GET', '', access))).toEqual({ enabled: false, recovery_codes_left: 0, required: false });
    expect(await t.app.ctx.db.select().from(totpRecoveryCodes)).toEqual([]);
    expect(Object.keys(json(await signIn(t.app, user)))).toEqual(['access']);
    expect((await call('DELETE', '', access, { password: user.password })).statusCode).toBe(409);
  });

  it('makes ten new recovery codes with the password; the old ones stop working', async () => {
    const { user, access, codes } = await enrolledAdmin();
    expect((await call('POST', 'recovery-codes/', access, { password: 'Wrong#Pass1' })).statusCode).toBe(400);
    const res = await call('POST', 'recovery-codes/', access, { password: user.password });
    expect(res.statusCode).toBe(200);
    const fresh = json<{ recovery_codes: string[] }>(res).recovery_codes;
    expect(fresh).toHaveLength(10);
    expect(fresh.some((c) => codes.includes(c))).toBe(false);
    expect((await sendCode(t.app, await challengeFor(t.app, user), codes[0] ?? '')).statusCode).toBe(401);
    expect((await sendCode(t.app, await challengeFor(t.app, user), fresh[0] ?? '')).statusCode).toBe(200);
  });

  it('refuses new recovery codes without an authenticator', async () => {
    const { access } = await signedIn(t.app, 'admin');
    const res = await call('POST', 'recovery-codes/', access, { password: 'Secret#Pass1' });
    expect(res.statusCode).toBe(409);
    expect(json(res).error).toBe('You have no authenticator turned on.');
  });
});
