import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessions, users } from '../db/schema.ts';
import { createUser } from '../test/fixtures.ts';
import { bearer, json, testConfig, useTestApp } from '../test/helper.ts';
import { refreshCookieOptions } from './sessions.ts';
import { refreshCookie, refreshSetCookie } from './test-support.ts';
import { hashToken } from './tokens.ts';

const t = useTestApp();

const INVALID = 'Invalid username or password, please try again.';
const PRODUCTION_SECRET = '3f9c1e7a5b2d8064c1f7e9a3b5d20846e1c7a9f3b5d7e2c4a6f8091b3d5e7a9c';

const login = (username: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/v1/login/', payload: { username, password }, remoteAddress });

describe('login', () => {
  it('answers only the access token and sets the refresh token as an HttpOnly, SameSite=Strict cookie', async () => {
    const user = await createUser(t.app);
    const res = await login(user.username, user.password);
    expect(res.statusCode).toBe(200);
    const body = json(res);
    expect(Object.keys(body)).toEqual(['access']);
    expect(typeof body.access).toBe('string');

    const setCookie = refreshSetCookie(res) ?? '';
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; SameSite=Strict/);
    expect(setCookie).toMatch(/; Path=\/api\/v1\//);
    expect(setCookie).toMatch(new RegExp(`; Max-Age=${14 * 24 * 3600}(;|$)`));
    expect(setCookie).not.toMatch(/; Secure/); // not production
    const token = refreshCookie(res).slice('refresh='.length);
    expect(res.body).not.toContain(token);

    // only the token's hash is stored
    const rows = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(rows[0]?.tokenHash).not.toBe(token);

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/v1/profile/',
      headers: bearer(String(body.access)),
    });
    expect(profile.statusCode).toBe(200);
    expect(json(profile).username).toBe(user.username);
  });

  it('marks the cookie Secure in production on https', () => {
    expect(
      refreshCookieOptions(
        testConfig({ NODE_ENV: 'production', JWT_SECRET: PRODUCTION_SECRET, PUBLIC_URL: 'https://e.example' }),
      ).secure,
    ).toBe(true);
    expect(refreshCookieOptions(testConfig()).secure).toBe(false);
    // on a plain-http address a Secure cookie is never stored: the session would end at each reload
    expect(
      refreshCookieOptions(
        testConfig({ NODE_ENV: 'production', JWT_SECRET: PRODUCTION_SECRET, PUBLIC_URL: 'http://e.example' }),
      ).secure,
    ).toBe(false);
  });

  it('finds the username whatever its case', async () => {
    const user = await createUser(t.app, { username: 'CamelCaseUser' });
    expect((await login('camelcaseuser', user.password)).statusCode).toBe(200);
    expect((await login(' CAMELCASEUSER ', user.password)).statusCode).toBe(200);
  });

  it('answers a wrong password, an unknown user and an archived account with the same 401', async () => {
    const user = await createUser(t.app);
    const archived = await createUser(t.app);
    await t.app.ctx.db.update(users).set({ isActive: false }).where(eq(users.id, archived.id));

    const answers = [
      await login(user.username, 'Wrong#Pass1'),
      await login('nobodyhere1', 'Wrong#Pass1'),
      await login(archived.username, archived.password),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(401);
      expect(json(res)).toEqual({ error: INVALID, code: 'UNAUTHENTICATED' });
      expect(refreshSetCookie(res)).toBeUndefined();
    }
    expect(await t.app.ctx.db.select().from(sessions)).toHaveLength(0);
  });

  it('requires both fields', async () => {
    const res = await login('  ', '');
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({
      username: ['*Please enter your username'],
      password: ['*Please enter your password'],
    });
  });

  it('refuses unknown fields', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: 'someone12', password: 'x', refresh: 'y' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ refresh: ['Unknown field: refresh'] });
  });
});
