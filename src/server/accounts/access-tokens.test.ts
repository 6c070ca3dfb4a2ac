import { decodeJwt, type JWTPayload, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createUser, login } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';

/** Access tokens belong to a session: they end with it, and carry only well-formed claims. */
const t = useTestApp();

const profile = (access: string) => t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(access) });
const secret = () => new TextEncoder().encode(t.app.ctx.config.jwtSecret);

async function signIn() {
  const user = await createUser(t.app);
  return { user, ...(await login(t.app, user)) };
}

/** A token signed with the app's own secret, with exactly the claims given. */
function sign(claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret());
}

describe('an access token ends with its session', () => {
  it('stops working at logout, not 15 minutes later', async () => {
    const { access, cookie } = await signIn();
    expect((await profile(access)).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: '/api/v1/logout/', headers: { cookie } });
    const res = await profile(access);
    expect(res.statusCode).toBe(401);
    expect(json(res).error).toBe('Your session has expired. Please log in again.');
  });

  it('stops working for every session when a rotated refresh token is replayed', async () => {
    const { user, access, cookie } = await signIn();
    const other = await login(t.app, user);
    const first = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: { cookie } });
    expect(first.statusCode).toBe(200);
    t.clock.advance(60_000);
    const replay = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: { cookie } });
    expect(replay.statusCode).toBe(401);
    expect((await profile(access)).statusCode).toBe(401);
    expect((await profile(other.access)).statusCode).toBe(401);
    expect((await profile(String(json(first).access))).statusCode).toBe(401);
  });

  it('stops working after a password change in the same second it was issued', async () => {
    t.clock.set('2026-11-23T10:00:00.100Z');
    const { user, access } = await signIn();
    const second = await login(t.app, user);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/change-password/',
      headers: bearer(access),
      payload: { old_password: user.password, new_password1: 'Fresh#Slope77', new_password2: 'Fresh#Slope77' },
    });
    expect(res.statusCode).toBe(200);
    expect(t.app.ctx.now().toISOString()).toBe('2026-11-23T10:00:00.100Z');
    expect((await profile(access)).statusCode).toBe(401);
    expect((await profile(second.access)).statusCode).toBe(401);
  });

  it('is refused when it names a session of another user', async () => {
    const mine = await signIn();
    const theirs = await signIn();
    const claims = decodeJwt(mine.access);
    const forged = await sign({ ...claims, sid: decodeJwt(theirs.access).sid });
    expect((await profile(forged)).statusCode).toBe(401);
  });

  it('sent with many others at once (their session checks share a query), each request is its own user or refused', async () => {
    const people = await Promise.all(Array.from({ length: 6 }, () => signIn()));
    const [ended, victim] = people as [(typeof people)[number], (typeof people)[number]];
    await t.app.inject({ method: 'POST', url: '/api/v1/logout/', headers: { cookie: ended.cookie } });
    const forged = await sign({ ...decodeJwt(ended.access), sid: decodeJwt(victim.access).sid });
    const tokens = [...people.map((p) => p.access), forged, ...people.map((p) => p.access)];
    const answers = await Promise.all(tokens.map((access) => profile(access)));
    const seen = answers.map((res) => (res.statusCode === 200 ? json(res).username : res.statusCode));
    const expected = people.map((p, i) => (i === 0 ? 401 : p.user.username));
    expect(seen).toEqual([...expected, 401, ...expected]);
  });
});

describe('an access token needs well-formed claims', () => {
  async function claimsOf() {
    const { access } = await signIn();
    expect((await profile(await sign(decodeJwt(access)))).statusCode).toBe(200);
    return decodeJwt(access);
  }

  for (const missing of ['exp', 'iat', 'sub', 'sid'] as const) {
    it(`is refused without ${missing}`, async () => {
      const { [missing]: _dropped, ...rest } = await claimsOf();
      expect((await profile(await sign(rest))).statusCode).toBe(401);
    });
  }

  it('is refused when sub is not written in digits only', async () => {
    const claims = await claimsOf();
    for (const sub of [`0${claims.sub}`, `${claims.sub}.0`, ` ${claims.sub}`, `${claims.sub}e0`]) {
      expect((await profile(await sign({ ...claims, sub }))).statusCode, sub).toBe(401);
    }
  });

  it('is refused when issued in the future (beyond a few seconds of clock drift)', async () => {
    const claims = await claimsOf();
    const now = Math.floor(t.app.ctx.now().getTime() / 1000);
    expect((await profile(await sign({ ...claims, iat: now + 3 }))).statusCode).toBe(200);
    expect((await profile(await sign({ ...claims, iat: now + 60 }))).statusCode).toBe(401);
  });

  it('is refused when the header is not a plain bearer token', async () => {
    const { access } = await signIn();
    for (const authorization of [`Bearer ${access} extra`, `Basic ${access}`, `Bearer ${'x'.repeat(5000)}`]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/v1/profile/', headers: { authorization } });
      expect(res.statusCode, authorization.slice(0, 20)).toBe(401);
    }
  });
});
