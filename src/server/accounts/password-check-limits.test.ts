import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createUser, type FixtureUser, signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { nextIp, refreshCookie } from './test-support.ts';
import { enrol, signIn } from './totp-test-support.ts';

/**
 * Issue 37: every password asked for again inside a session counts in the sign-in limits of
 * docs/decisions/0007 (10 failures a minute per address; an account with 10 failures in 15 minutes
 * refuses the addresses that failed 3 times on it), with the sign-in's 429 and its words — the
 * right password too, until the window passes. Before, 30–40 wrong passwords were all answered.
 */
const t = useTestApp();

const LIMITED = {
  error: 'Too many failed sign-in attempts. Please wait a few minutes and try again.',
  code: 'RATE_LIMITED',
};
const WRONG = 'Wrong#Pass1';
const NEW = 'Fresh#Powder9';
const QUARTER_HOUR = 15 * 60_000;

interface Route {
  name: string;
  /** A signed-in account that may use the route: its user, access token and refresh cookie. */
  arrange: (app: App) => Promise<{ user: FixtureUser; access: string; cookie: string }>;
  send: (app: App, access: string, password: string, ip: string) => Promise<LightMyRequestResponse>;
  /** The route's own answer to a wrong password (400). */
  wrong: Record<string, string[]>;
}

async function enrolledAdmin(app: App) {
  const { user, access, cookie } = await signedIn(app, 'admin');
  await enrol(app, t.clock, access, user.password);
  return { user, access, cookie };
}

const ROUTES: Route[] = [
  {
    name: 'change password',
    arrange: (app) => signedIn(app),
    send: (app, access, password, ip) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/change-password/',
        headers: bearer(access),
        payload: { old_password: password, new_password1: NEW, new_password2: NEW },
        remoteAddress: ip,
      }),
    wrong: { old_password: ['Your current password was entered incorrectly.'] },
  },
  {
    name: 'turning the second factor off',
    arrange: enrolledAdmin,
    send: (app, access, password, ip) =>
      app.inject({
        method: 'DELETE',
        url: '/api/v1/profile/totp/',
        headers: bearer(access),
        payload: { password },
        remoteAddress: ip,
      }),
    wrong: { password: ['Your password was entered incorrectly.'] },
  },
  {
    name: 'new recovery codes',
    arrange: enrolledAdmin,
    send: (app, access, password, ip) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/profile/totp/recovery-codes/',
        headers: bearer(access),
        payload: { password },
        remoteAddress: ip,
      }),
    wrong: { password: ['Your password was entered incorrectly.'] },
  },
  {
    name: 'deleting the account',
    arrange: (app) => signedIn(app),
    send: (app, access, password, ip) =>
      app.inject({
        method: 'DELETE',
        url: '/api/v1/profile/',
        headers: bearer(access),
        payload: { password },
        remoteAddress: ip,
      }),
    wrong: { password: ['Your password is not correct.'] },
  },
  {
    name: 'adding an authenticator',
    arrange: (app) => signedIn(app, 'admin'),
    send: (app, access, password, ip) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/profile/totp/setup/',
        headers: bearer(access),
        payload: { password },
        remoteAddress: ip,
      }),
    wrong: { password: ['Your password was entered incorrectly.'] },
  },
];

/** A fresh access token from the session's refresh cookie (the first one has expired by then). */
async function refreshed(app: App, cookie: string): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  refreshCookie(res);
  return json<{ access: string }>(res).access;
}

describe.each(ROUTES)('$name: the password counts in the sign-in limits', (route) => {
  it('answers 429 with the sign-in words to one wrong password past the limit, then to the right one until the window passes', async () => {
    const { user, access, cookie } = await route.arrange(t.app);
    const ip = nextIp();
    for (let i = 0; i < 10; i++) {
      const res = await route.send(t.app, access, WRONG, ip);
      expect(res.statusCode, `attempt ${i + 1}`).toBe(400);
      expect(json(res).errors).toEqual(route.wrong);
    }
    const past = await route.send(t.app, access, WRONG, ip);
    expect(past.statusCode).toBe(429);
    expect(json(past)).toEqual(LIMITED);
    const right = await route.send(t.app, access, user.password, ip);
    expect(right.statusCode).toBe(429);
    expect(json(right)).toEqual(LIMITED);

    // the same counters as the sign-in: this address cannot sign in to the account either…
    expect((await signIn(t.app, user, ip)).statusCode).toBe(429);
    // …and past the address's minute the account, under attack, still refuses this address
    t.clock.advance(60_000);
    expect(json(await route.send(t.app, access, user.password, ip))).toEqual(LIMITED);
    // the owner, from another address, is not locked out (0007)
    expect((await signIn(t.app, user, nextIp())).statusCode).toBe(200);

    // the quarter hour passes: the right password is taken
    t.clock.advance(QUARTER_HOUR - 60_000);
    const later = await route.send(t.app, await refreshed(t.app, cookie), user.password, ip);
    expect(later.statusCode, later.body).toBe(200);
  });
});

describe('password checks inside a session and sign-ins share one count', () => {
  it('five wrong sign-ins and five wrong current passwords from one address: the next is refused', async () => {
    const { user, access } = await signedIn(t.app);
    const ip = nextIp();
    const [change] = ROUTES;
    if (!change) throw new Error('no route');
    for (let i = 0; i < 5; i++) expect((await signIn(t.app, { ...user, password: WRONG }, ip)).statusCode).toBe(401);
    for (let i = 0; i < 5; i++) expect((await change.send(t.app, access, WRONG, ip)).statusCode).toBe(400);
    expect(json(await change.send(t.app, access, user.password, ip))).toEqual(LIMITED);
    expect(json(await signIn(t.app, user, ip))).toEqual(LIMITED);
  });

  it('counts each check before the password is looked at: 30 at once give at most 10 checks', async () => {
    const { access } = await signedIn(t.app);
    const ip = nextIp();
    const [, , , remove] = ROUTES;
    if (!remove) throw new Error('no route');
    const answers = await Promise.all(
      Array.from({ length: 30 }, async () => (await remove.send(t.app, access, WRONG, ip)).statusCode),
    );
    expect(answers.filter((s) => s === 400).length).toBeLessThanOrEqual(10);
    expect(answers.filter((s) => s !== 400 && s !== 429)).toEqual([]);
  });

  it('a right password withdraws its address’s typos on the account, as a sign-in does', async () => {
    const user = await createUser(t.app);
    const { access } = json<{ access: string }>(await signIn(t.app, user));
    const [change] = ROUTES;
    if (!change) throw new Error('no route');
    const home = nextIp();
    // nine others fail on the account, the owner mistypes twice, then gets it right
    for (let i = 0; i < 9; i++)
      expect((await signIn(t.app, { ...user, password: WRONG }, nextIp())).statusCode).toBe(401);
    expect((await change.send(t.app, access, WRONG, home)).statusCode).toBe(400);
    expect((await change.send(t.app, access, WRONG, home)).statusCode).toBe(400);
    const done = await change.send(t.app, access, user.password, home);
    expect(done.statusCode, done.body).toBe(200);
    // the owner's two typos are withdrawn (kept, the account under attack would refuse this
    // address at its next failure): two more typos are still checked, and the new password signs in
    for (let i = 0; i < 2; i++) expect((await signIn(t.app, { ...user, password: WRONG }, home)).statusCode).toBe(401);
    expect((await signIn(t.app, { ...user, password: NEW }, home)).statusCode).toBe(200);
  });
});
