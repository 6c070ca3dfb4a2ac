import { asc } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { SECURITY_LOG_MAX, type SecurityLogRow } from '../../domain/accounts/security-log.ts';
import { securityEvents } from '../db/schema-security.ts';
import { createUser, type FixtureUser, login, signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { resetMailsSettled } from './password-reset.ts';
import { removeExpiredRecords } from './retention.ts';
import { recordSecurityEvent, recordSignInRefused, type SecurityEvent } from './security-log.ts';
import { KIND_MESSAGE } from './security-log-routes.ts';
import { nextIp } from './test-support.ts';
import { signIn } from './totp-test-support.ts';

/**
 * Issue 37, the security log (docs/decisions/0063-security-log.md): the events this file's writers
 * own (a password reset, an account deleted, a sign-in or a password asked again refused by a
 * limit) each write their row with who, what and from where; a flood of refused attempts writes
 * one row a minute; super administrators read it at GET /api/v1/admin/security-log/; rows go
 * after 12 months.
 */
const t = useTestApp();

const WRONG = 'Wrong#Pass1';
const MINUTE = 60_000;
const LIMITED = 'Too many failed sign-in attempts. Please wait a few minutes and try again.';

async function rows() {
  const all = await t.app.ctx.db.select().from(securityEvents).orderBy(asc(securityEvents.id));
  return all.map(({ userId, username, kind, ip, detail }) => ({ userId, username, kind, ip, detail }));
}

const getLog = (access: string | undefined, query = '') =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/admin/security-log/${query}`,
    ...(access ? { headers: bearer(access) } : {}),
  });

interface LogPage {
  count: number;
  results: SecurityLogRow[];
}

/** Ten wrong sign-ins from `ip`: the next attempt from it is refused by the address's limit. */
async function exhaust(user: Pick<FixtureUser, 'username'>, ip: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    expect((await signIn(t.app, { username: user.username, password: WRONG }, ip)).statusCode).toBe(401);
  }
}

describe('the writers of the security log', () => {
  it('a password reset: its account, username, address and kind', async () => {
    const user = await createUser(t.app, { username: 'ResetMe2024' });
    const ip = nextIp();
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset-request/',
      payload: { username: 'resetme2024' },
    });
    await resetMailsSettled();
    await t.flushMail();
    const link = /reset-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(t.outbox.last()?.html ?? '');
    if (!link?.[1] || !link[2]) throw new Error('no reset link');
    expect(await rows()).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset-confirm/',
      payload: { uidb64: link[1], token: link[2], new_password: 'Fresh#Powder9' },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows()).toEqual([
      { userId: user.id, username: 'ResetMe2024', kind: 'password_reset', ip, detail: 'reset with an e-mailed link' },
    ]);
    // a link used again writes nothing more
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-reset-confirm/',
      payload: { uidb64: link[1], token: link[2], new_password: 'Other#Powder9' },
      remoteAddress: ip,
    });
    expect(again.statusCode).toBe(400);
    expect(await rows()).toHaveLength(1);
  });

  it('an account deleted: kept under the username it had, with its address', async () => {
    const user = await createUser(t.app, { username: 'leavingsoon' });
    const { access } = await login(t.app, user);
    const ip = nextIp();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/profile/',
      headers: bearer(access),
      payload: { password: user.password },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rows()).toEqual([
      { userId: user.id, username: 'leavingsoon', kind: 'account_deleted', ip, detail: 'deleted by its owner' },
    ]);
  });

  it('a sign-in refused by a limit: the account, or the username typed when there is none', async () => {
    const user = await createUser(t.app, { username: 'knockknock' });
    const ip = nextIp();
    await exhaust(user, ip);
    expect(await rows()).toEqual([]); // wrong passwords are not security events; refusals are
    const refused = await signIn(t.app, user, ip);
    expect(refused.statusCode).toBe(429);
    expect(json(refused).error).toBe(LIMITED);
    expect(await rows()).toEqual([
      { userId: user.id, username: 'knockknock', kind: 'sign_in_refused', ip, detail: 'sign-in' },
    ]);

    const other = nextIp();
    await exhaust({ username: 'NoSuchPerson' }, other);
    expect((await signIn(t.app, { username: 'NoSuchPerson', password: WRONG }, other)).statusCode).toBe(429);
    expect((await rows())[1]).toEqual({
      userId: null,
      username: 'NoSuchPerson',
      kind: 'sign_in_refused',
      ip: other,
      detail: 'sign-in',
    });
  });

  it('a password asked again inside a session, refused by a limit', async () => {
    const { user, access } = await signedIn(t.app);
    const ip = nextIp();
    const change = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/change-password/',
        headers: bearer(access),
        payload: { old_password: password, new_password1: 'Fresh#Powder9', new_password2: 'Fresh#Powder9' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 10; i++) expect((await change(WRONG)).statusCode).toBe(400);
    expect(await rows()).toEqual([]);
    const refused = await change(user.password);
    expect(refused.statusCode).toBe(429);
    expect(await rows()).toEqual([
      { userId: user.id, username: user.username, kind: 'sign_in_refused', ip, detail: 'password asked again' },
    ]);
  });

  it('a flood of refused sign-ins writes one row a minute per account and address', async () => {
    const user = await createUser(t.app, { username: 'floodedone' });
    const ip = nextIp();
    await exhaust(user, ip);
    const answers = [];
    for (let i = 0; i < 30; i++) answers.push((await signIn(t.app, { ...user, password: WRONG }, ip)).statusCode);
    expect(answers).toEqual(Array(30).fill(429));
    expect(await rows()).toHaveLength(1);
    // a minute on, the account (under attack: 10 failures in 15 minutes) still refuses this
    // address, which had its 10 failures on it: a second row, then quiet again
    t.clock.advance(MINUTE + 1);
    for (let i = 0; i < 10; i++) expect((await signIn(t.app, user, ip)).statusCode).toBe(429);
    expect((await rows()).map((r) => r.ip)).toEqual([ip, ip]);
  });

  it('de-duplicates by account (or username), address (IPv6 by its /64), check and minute', async () => {
    const ctx = t.app.ctx;
    const refused = (event: Partial<Omit<SecurityEvent, 'kind'>>) =>
      recordSignInRefused(ctx, ctx.db, {
        userId: 7,
        username: 'someone1',
        ip: '10.9.9.9',
        detail: 'sign-in',
        ...event,
      });
    await refused({});
    await refused({});
    t.clock.advance(MINUTE - 1);
    await refused({});
    expect(await rows()).toHaveLength(1);
    await refused({ ip: '10.9.9.10' }); // another address
    await refused({ detail: 'password asked again' }); // another check
    await refused({ userId: 8, username: 'someone2' }); // another account
    expect(await rows()).toHaveLength(4);
    await refused({ ip: '2001:db8:1:2::1' });
    await refused({ ip: '2001:db8:1:2::ffff' }); // same /64
    expect(await rows()).toHaveLength(5);
    await refused({ ip: '2001:db8:1:3::1' }); // another /64
    expect(await rows()).toHaveLength(6);
    // no account: by the username typed, whatever its case
    await refused({ userId: null, username: 'Ghost1234' });
    await refused({ userId: null, username: 'GHOST1234' });
    expect(await rows()).toHaveLength(7);
    // the minute after the first: written again
    t.clock.advance(2);
    await refused({});
    expect(await rows()).toHaveLength(8);
  });

  it('cuts a too-long username or detail to the columns’ limits instead of failing', async () => {
    const ctx = t.app.ctx;
    await recordSecurityEvent(ctx, ctx.db, {
      userId: null,
      username: 'u'.repeat(1000),
      kind: 'sign_in_refused',
      ip: null,
      detail: 'd'.repeat(1000),
    });
    const [row] = await rows();
    expect(row?.username).toHaveLength(SECURITY_LOG_MAX.username);
    expect(row?.detail).toHaveLength(SECURITY_LOG_MAX.detail);
    expect(row?.ip).toBeNull();
  });
});

describe('GET /api/v1/admin/security-log/', () => {
  async function recordAt(minutesAgo: number, event: Partial<SecurityEvent> = {}) {
    const now = t.clock.now();
    t.clock.set(new Date(now.getTime() - minutesAgo * MINUTE));
    await recordSecurityEvent(t.app.ctx, t.app.ctx.db, {
      userId: 1,
      username: 'someone1',
      kind: 'password_changed',
      ip: '10.0.0.1',
      ...event,
    });
    t.clock.set(now);
  }

  it('a super administrator reads it newest first, 50 a page, with the kind in words', async () => {
    const { access } = await signedIn(t.app, 'super');
    for (let i = 60; i >= 1; i--) await recordAt(i, { detail: `event ${i}` });
    await recordAt(0.5, { kind: 'second_factor_on', username: 'Newest001', userId: 2, ip: null });

    const first = await getLog(access);
    expect(first.statusCode, first.body).toBe(200);
    const page = json<LogPage>(first);
    expect(page.count).toBe(61);
    expect(page.results).toHaveLength(50);
    expect(page.results[0]).toEqual({
      id: 61,
      at: new Date(t.clock.now().getTime() - 0.5 * MINUTE).toISOString(),
      username: 'Newest001',
      user_id: 2,
      kind: 'second_factor_on',
      kind_label: 'Second factor turned on',
      ip: null,
      detail: null,
    });
    expect(page.results.slice(1, 3).map((r) => r.detail)).toEqual(['event 1', 'event 2']);
    expect(page.results[1]?.kind_label).toBe('Password changed');
    const times = page.results.map((r) => r.at);
    expect(times).toEqual([...times].sort().reverse());

    const second = json<LogPage>(await getLog(access, '?page=2'));
    expect(second.count).toBe(61);
    expect(second.results.map((r) => r.detail)).toEqual(Array.from({ length: 11 }, (_, i) => `event ${50 + i}`));
    expect(json<LogPage>(await getLog(access, '?page=3')).results).toEqual([]);
  });

  it('filters by username (exact, any case) and by kind', async () => {
    const { access } = await signedIn(t.app, 'super');
    await recordAt(3, { username: 'alicealice', kind: 'password_reset' });
    await recordAt(2, { username: 'alicealice2', kind: 'password_reset' });
    await recordAt(1, { username: 'AliceAlice', kind: 'sign_in_refused' });
    const byName = json<LogPage>(await getLog(access, '?username=ALICEALICE'));
    expect(byName.count).toBe(2);
    expect(byName.results.map((r) => [r.username, r.kind])).toEqual([
      ['AliceAlice', 'sign_in_refused'],
      ['alicealice', 'password_reset'],
    ]);
    const byKind = json<LogPage>(await getLog(access, '?kind=password_reset'));
    expect(byKind.results.map((r) => r.username)).toEqual(['alicealice2', 'alicealice']);
    const both = json<LogPage>(await getLog(access, '?username=alicealice&kind=password_reset'));
    expect(both.results.map((r) => r.username)).toEqual(['alicealice']);
    // an empty username is no filter
    expect(json<LogPage>(await getLog(access, '?username=')).count).toBe(3);
  });

  it('answers 400 with the field’s words to a bad page, kind or username', async () => {
    const { access } = await signedIn(t.app, 'super');
    const bad = async (query: string): Promise<LightMyRequestResponse> => {
      const res = await getLog(access, query);
      expect(res.statusCode, query).toBe(400);
      return res;
    };
    expect(json(await bad('?page=0')).errors).toEqual({
      page: ['The page must be a whole number from 1, written in digits.'],
    });
    expect(json(await bad('?page=two')).errors).toEqual({
      page: ['The page must be a whole number from 1, written in digits.'],
    });
    expect(json(await bad('?kind=password_stolen')).errors).toEqual({ kind: [KIND_MESSAGE] });
    expect(KIND_MESSAGE).toBe(
      'The kind must be one of password_changed, password_reset, second_factor_on, second_factor_off, recovery_codes_made, recovery_code_used, account_deleted, sign_in_refused.',
    );
    expect(json(await bad(`?username=${'a'.repeat(151)}`)).errors).toEqual({
      username: ['Username must be 150 characters or fewer'],
    });
  });

  it('is for super administrators only: an administrator and a parent 403, no token 401', async () => {
    await recordAt(1);
    const admin = await signedIn(t.app, 'admin');
    const parent = await signedIn(t.app, 'user');
    expect((await getLog(admin.access)).statusCode).toBe(403);
    expect((await getLog(parent.access)).statusCode).toBe(403);
    expect((await getLog(undefined)).statusCode).toBe(401);
  });
});

describe('the security log is kept 12 months', () => {
  it('the hourly retention sweep removes a 13-month-old row and keeps an 11-month-old one', async () => {
    const ctx = t.app.ctx;
    const at = async (date: string, username: string) => {
      t.clock.set(date);
      await recordSecurityEvent(ctx, ctx.db, { userId: null, username, kind: 'password_reset', ip: '10.0.0.1' });
    };
    await at('2025-01-15T12:00:00Z', 'thirteen1');
    await at('2025-03-15T12:00:00Z', 'eleven11');
    await at('2025-02-15T11:59:00Z', 'justover1');
    await at('2025-02-15T12:01:00Z', 'justunder1');
    t.clock.set('2026-02-15T12:00:00Z');
    await removeExpiredRecords(ctx);
    expect((await rows()).map((r) => r.username)).toEqual(['eleven11', 'justunder1']);
  });
});
