import { eq } from 'drizzle-orm';
import { decodeJwt, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { rotatedTokens, sessions, users } from '../db/schema.ts';
import { createUser, login } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { REUSE_GRACE_MS } from './sessions.ts';
import { refreshCookie, refreshSetCookie } from './test-support.ts';
import { hashToken } from './tokens.ts';

const t = useTestApp();

const EXPIRED = 'Your session has expired. Please log in again.';

const refresh = (cookie?: string, payload?: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/v1/token/refresh/',
    headers: cookie ? { cookie } : {},
    ...(payload ? { payload } : {}),
  });
const logout = (cookie?: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/logout/', headers: cookie ? { cookie } : {} });
const profile = (access: string) => t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(access) });

async function signIn() {
  const user = await createUser(t.app);
  return { user, ...(await login(t.app, user)) };
}

/** True when the response tells the browser to drop the refresh cookie. */
function clearsCookie(res: { headers: Record<string, unknown> } & Parameters<typeof refreshSetCookie>[0]): boolean {
  const cookie = refreshSetCookie(res) ?? '';
  return /^refresh=;/.test(cookie) && /Expires=Thu, 01 Jan 1970/.test(cookie) && /Path=\/api\/v1\//.test(cookie);
}

describe('token refresh', () => {
  it('answers a new access token and rotates the refresh cookie', async () => {
    const { user, cookie } = await signIn();
    const res = await refresh(cookie);
    expect(res.statusCode).toBe(200);
    expect(Object.keys(json(res))).toEqual(['access']);
    const next = refreshCookie(res);
    expect(next).not.toBe(cookie);
    expect(refreshSetCookie(res)).toMatch(/HttpOnly; SameSite=Strict/);
    expect(json(await profile(String(json(res).access))).id).toBe(user.id);
    const rotated = await t.app.ctx.db.select().from(rotatedTokens);
    expect(rotated.map((r) => r.tokenHash)).toEqual([hashToken(cookie.slice('refresh='.length))]);
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('takes the token from the body when no cookie comes', async () => {
    const { cookie } = await signIn();
    const res = await refresh(undefined, { refresh: cookie.slice('refresh='.length) });
    expect(res.statusCode).toBe(200);
    expect(refreshCookie(res)).not.toBe(cookie);
  });

  it('treats a rotated token used again as theft: every session of the user is revoked', async () => {
    const { user, cookie } = await signIn();
    const other = await login(t.app, user); // a second device
    const next = refreshCookie(await refresh(cookie));

    t.clock.advance(REUSE_GRACE_MS);
    const replay = await refresh(cookie);
    expect(replay.statusCode).toBe(401);
    expect(json(replay).error).toBe(EXPIRED);
    expect((await refresh(next)).statusCode).toBe(401);
    expect((await refresh(other.cookie)).statusCode).toBe(401);
    const rows = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
  });

  it('answers a rotated token presented again within the grace period (two tabs racing) with 401, revoking nothing', async () => {
    const { cookie } = await signIn();
    const next = refreshCookie(await refresh(cookie));
    t.clock.advance(REUSE_GRACE_MS - 1000);
    const race = await refresh(cookie);
    expect(race.statusCode).toBe(401);
    // the winner's cookie still works: the losing tab retries with it
    expect((await refresh(next)).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous refreshes with one token succeed', async () => {
    const { cookie } = await signIn();
    const results = await Promise.all([refresh(cookie), refresh(cookie)]);
    expect(results.filter((r) => r.statusCode === 200).length).toBeLessThanOrEqual(1);
    expect(results.some((r) => r.statusCode === 401)).toBe(true);
  });

  it('answers 401 and clears the cookie without a token, or with an unknown one', async () => {
    const none = await refresh();
    expect(none.statusCode).toBe(401);
    expect(json(none).error).toBe(EXPIRED);
    expect(clearsCookie(none)).toBe(true);
    const empty = await refresh(undefined, {});
    expect(empty.statusCode).toBe(401);
    const unknown = await refresh('refresh=not-a-real-token');
    expect(unknown.statusCode).toBe(401);
    expect(clearsCookie(unknown)).toBe(true);
  });

  it('answers 401 once the session has expired', async () => {
    const { cookie } = await signIn();
    t.clock.advance(14 * 24 * 3600 * 1000 - 1000);
    const fresh = await refresh(cookie);
    expect(fresh.statusCode).toBe(200);
    // the rotated cookie keeps the session's original expiry
    expect(refreshSetCookie(fresh)).toMatch(/Max-Age=1(;|$)/);
    t.clock.advance(2000);
    expect((await refresh(refreshCookie(fresh))).statusCode).toBe(401);
  });

  it('answers 401 for an archived account', async () => {
    const { user, cookie } = await signIn();
    await t.app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('refuses unknown body fields', async () => {
    const res = await refresh(undefined, { refresh: 'x', access: 'y' });
    expect(res.statusCode).toBe(400);
  });
});

describe('logout', () => {
  it('revokes the session of the cookie and clears it', async () => {
    const { cookie } = await signIn();
    const res = await logout(cookie);
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ message: 'Logged out' });
    expect(clearsCookie(res)).toBe(true);
    expect((await refresh(cookie)).statusCode).toBe(401);
  });

  it('leaves the user’s other sessions alone', async () => {
    const { user, cookie } = await signIn();
    const other = await login(t.app, user);
    await logout(cookie);
    expect((await refresh(other.cookie)).statusCode).toBe(200);
  });

  it('works without a cookie or bearer and can be repeated', async () => {
    const { cookie } = await signIn();
    expect((await logout()).statusCode).toBe(200);
    expect((await logout(cookie)).statusCode).toBe(200);
    expect((await logout(cookie)).statusCode).toBe(200);
  });
});

describe('access token', () => {
  it('stops working after accessTokenMinutes', async () => {
    const { access } = await signIn();
    t.clock.advance(15 * 60_000 - 1000);
    expect((await profile(access)).statusCode).toBe(200);
    t.clock.advance(2000);
    const res = await profile(access);
    expect(res.statusCode).toBe(401);
  });

  it('is refused when signed with another secret', async () => {
    const { access } = await signIn();
    const claims = decodeJwt(access);
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(new TextEncoder().encode('another-secret-that-is-also-long-enough!!'));
    expect((await profile(forged)).statusCode).toBe(401);
  });

  it('is refused with alg none', async () => {
    const { access } = await signIn();
    const [, payload] = access.split('.');
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect((await profile(`${header}.${payload}.`)).statusCode).toBe(401);
    expect((await profile(`${header}.${payload}`)).statusCode).toBe(401);
  });

  it('is refused when tampered with', async () => {
    const { access, user } = await signIn();
    const other = await createUser(t.app);
    const [header, payload, signature] = access.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
    const swapped = Buffer.from(JSON.stringify({ ...claims, sub: String(other.id) })).toString('base64url');
    expect(claims.sub).toBe(String(user.id));
    expect((await profile(`${header}.${swapped}.${signature}`)).statusCode).toBe(401);
  });
});

describe('the session hint cookie', () => {
  const hint = (res: { headers: Record<string, unknown> }) => {
    const header = res.headers['set-cookie'];
    const all = (Array.isArray(header) ? header : header ? [header] : []) as string[];
    return all.find((c) => c.startsWith('signed_in='));
  };

  it('comes with a sign-in and a refresh: readable by scripts, for the whole site, holding no secret', async () => {
    const user = await createUser(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: user.username, password: user.password },
    });
    const cookie = hint(res) ?? '';
    expect(cookie).toMatch(/^signed_in=1; Max-Age=\d+; Path=\/; SameSite=Strict$/);
    expect(cookie).not.toContain('HttpOnly');
    const refreshed = await refresh(refreshCookie(res));
    expect(hint(refreshed)).toMatch(/^signed_in=1;/);
  });

  it('is cleared by logout and by a failed refresh', async () => {
    const { cookie } = await signIn();
    expect(hint(await logout(cookie))).toMatch(
      /^signed_in=; Max-Age=0; Path=\/; SameSite=Strict|^signed_in=;.*Expires=Thu, 01 Jan 1970/,
    );
    expect(hint(await refresh('refresh=unknown-token'))).toMatch(/^signed_in=;/);
  });
});
