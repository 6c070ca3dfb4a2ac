import { describe, expect, it } from 'vitest';
import { TOTP_MSG } from '../../domain/accounts/totp.ts';
import { loadConfig } from '../config.ts';
import { ConfigError } from '../config-error.ts';
import { setMaintenance } from '../maintenance/service.ts';
import { ENROLMENT_ROUTES } from '../plugins/access.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, json, useTestApp } from '../test/helper.ts';
import { nextIp, registration } from './test-support.ts';
import { challengeFor, codeAt, enrol, sendCode } from './totp-test-support.ts';

/** TOTP_REQUIRED_FOR_SUPER (docs/decisions/0062, replacing 0047's lowering): on by default in
 * production; a super administrator without an authenticator keeps their roles, but the session
 * may only set one up until it is on. */
const t = useTestApp({ TOTP_REQUIRED_FOR_SUPER: 'true' });

const ENROL_FIRST =
  'Set up your authenticator app first: My Profile → Security. Super administrators must sign in with a second factor.';
const PRODUCTION = {
  NODE_ENV: 'production',
  JWT_SECRET: '3f9c1e7a5b2d8064c1f7e9a3b5d20846e1c7a9f3b5d7e2c4a6f8091b3d5e7a9c',
  PUBLIC_URL: 'https://entries.example.org',
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (access: string, method: Method, url: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });

/** An administrators' route, a signed-in user's routes and a super administrators' route. */
const GUARDED: [string, Method, string, object?][] = [
  ['admin: the people list', 'GET', '/api/v1/profiles/'],
  ['user: the cart', 'GET', '/api/v1/cart/'],
  [
    'user: saving the own profile',
    'PUT',
    '/api/v1/profile/',
    { email: 'new@example.com', emergency_contact_name: 'Pat Morgan', emergency_contact_number: '01234 567891' },
  ],
  ['super: maintenance mode', 'POST', '/api/v1/maintenance/toggle/', { is_enabled: false }],
];

async function expectAllRefused(access: string): Promise<void> {
  for (const [name, method, url, payload] of GUARDED) {
    const res = await call(access, method, url, payload);
    expect([name, res.statusCode, json(res)]).toEqual([name, 403, { error: ENROL_FIRST, code: 'FORBIDDEN' }]);
  }
}

async function expectAllAllowed(access: string): Promise<void> {
  for (const [name, method, url, payload] of GUARDED) {
    const res = await call(access, method, url, payload);
    expect([name, res.statusCode], res.body).toEqual([name, 200]);
  }
}

const status = async (access: string) => json(await call(access, 'GET', '/api/v1/profile/totp/'));

describe('TOTP_REQUIRED_FOR_SUPER', () => {
  it('is on by default in production, off elsewhere; true and false given win; anything else is refused', () => {
    expect(loadConfig(PRODUCTION).totpRequiredForSuper).toBe(true);
    expect(loadConfig({}).totpRequiredForSuper).toBe(false);
    expect(loadConfig({ NODE_ENV: 'development' }).totpRequiredForSuper).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).totpRequiredForSuper).toBe(false);
    const off = loadConfig({ ...PRODUCTION, TOTP_REQUIRED_FOR_SUPER: 'false' });
    expect(off.totpRequiredForSuper).toBe(false);
    // the off switch in production is said at start
    expect(off.notices).toContainEqual({
      level: 'warn',
      message:
        'TOTP_REQUIRED_FOR_SUPER=false: super administrators may sign in with a password alone. Remove it once every super administrator has an authenticator (docs/decisions/0062).',
    });
    expect(
      loadConfig(PRODUCTION)
        .notices.map((n) => n.message)
        .join('\n'),
    ).not.toContain('TOTP_REQUIRED');
    expect(loadConfig({ TOTP_REQUIRED_FOR_SUPER: 'true' }).totpRequiredForSuper).toBe(true);
    expect(loadConfig({ ...PRODUCTION, TOTP_REQUIRED_FOR_SUPER: '0' }).totpRequiredForSuper).toBe(false);
    expect(() => loadConfig({ TOTP_REQUIRED_FOR_SUPER: 'sometimes' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...PRODUCTION, TOTP_REQUIRED_FOR_SUPER: '' })).toThrow(ConfigError);
  });

  it('the message is the domain one', () => {
    expect(TOTP_MSG.enrolFirst).toBe(ENROL_FIRST);
  });

  it('the allowed calls are routes the app has (a renamed route would be refused, not opened)', () => {
    const table = new Set(t.app.routeTable.map((r) => `${r.method} ${r.url}`));
    for (const route of ENROLMENT_ROUTES) expect(table, route).toContain(route);
    const refresh = t.app.routeTable.find((r) => r.url === '/api/v1/token/refresh/');
    const logout = t.app.routeTable.find((r) => r.url === '/api/v1/logout/');
    expect([refresh?.access, logout?.access]).toEqual(['public', 'public']);
  });
});

describe('a super administrator without an authenticator, while one is required', () => {
  it('is refused every admin, user and super route with the words, and keeps their roles', async () => {
    const { access } = await signedIn(t.app, 'super');
    await expectAllRefused(access);
    const profile = await call(access, 'GET', '/api/v1/profile/');
    expect(profile.statusCode).toBe(200);
    expect(json(profile)).toMatchObject({ admin_level: 'SUPER', is_superuser: true });
    expect(await status(access)).toEqual({ enabled: false, recovery_codes_left: 0, required: true });
    // public routes stay public, and the roles show there (the web app shows such a session the
    // site in maintenance too, where its guard keeps it on the enrolment)
    const maintenance = await call(access, 'GET', '/api/v1/maintenance/status/');
    expect(json(maintenance)).toEqual({ is_enabled: false, can_bypass: true, is_super_admin: true });
    expect((await call(access, 'GET', '/api/v1/products/')).statusCode).toBe(200);
  });

  it('may refresh the token and log out; the refreshed session is still held to the enrolment', async () => {
    const { access, cookie } = await signedIn(t.app, 'super');
    const refreshed = await t.app.inject({ method: 'POST', url: '/api/v1/token/refresh/', headers: { cookie } });
    expect(refreshed.statusCode).toBe(200);
    const renewed = String(json(refreshed).access);
    await expectAllRefused(renewed);
    const setCookie = refreshed.headers['set-cookie'];
    const next = (Array.isArray(setCookie) ? setCookie[0] : setCookie)?.split(';')[0] ?? '';
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/logout/', headers: { cookie: next } });
    expect([out.statusCode, json(out)]).toEqual([200, { message: 'Logged out' }]);
    expect((await call(access, 'GET', '/api/v1/profile/')).statusCode).toBe(401);
  });

  it('sets one up in the same session, which then has full access; so has the next sign-in', async () => {
    const { user, access } = await signedIn(t.app, 'super');
    const { secret } = await enrol(t.app, t.clock, access, user.password);
    await expectAllAllowed(access);
    expect((await status(access)).enabled).toBe(true);

    const res = await sendCode(t.app, await challengeFor(t.app, user), await codeAt(secret, t.clock));
    expect(res.statusCode).toBe(200);
    await expectAllAllowed(String(json(res).access));

    // and cannot turn it off while it is required
    const off = await call(access, 'DELETE', '/api/v1/profile/totp/', { password: user.password });
    expect([off.statusCode, json(off).error]).toEqual([403, TOTP_MSG.cannotTurnOff]);
    expect((await status(access)).enabled).toBe(true);
  });

  it('sets one up while the site is in maintenance (super administrators pass the gate), then works there', async () => {
    const { user, access } = await signedIn(t.app, 'super');
    const parent = await signedIn(t.app, 'user');
    await setMaintenance(t.app.ctx, true);
    expect((await call(parent.access, 'GET', '/api/v1/profile/')).statusCode).toBe(503);
    // not the maintenance 503: the words to set one up
    await expectAllRefused(access);
    expect((await call(access, 'GET', '/api/v1/profile/')).statusCode).toBe(200);
    expect((await status(access)).required).toBe(true);
    await enrol(t.app, t.clock, access, user.password);
    const people = await call(access, 'GET', '/api/v1/profiles/');
    expect(people.statusCode).toBe(200);
    const turnedOff = await call(access, 'POST', '/api/v1/maintenance/toggle/', { is_enabled: false });
    expect([turnedOff.statusCode, json(turnedOff)]).toEqual([200, { is_enabled: false }]);
  });

  it('in maintenance, a public write answers 503 as to anyone; public reads stay open for the page around the enrolment (found from outside)', async () => {
    const { access } = await signedIn(t.app, 'super');
    await setMaintenance(t.app.ctx, true);
    expect((await call(access, 'GET', '/api/v1/products/')).statusCode).toBe(200);
    for (const [method, url, payload] of [
      ['POST', '/api/v1/register/', registration({ username: 'Maintenance2012', email: 'maint@example.com' })],
      ['POST', '/api/v1/contact/', { name: 'A', email: 'a@example.com', message: 'Hello there' }],
    ] as const) {
      const res = await call(access, method, url, payload);
      expect([url, res.statusCode]).toEqual([url, 503]);
    }
    expect((await status(access)).required).toBe(true);
  });

  it('is held to the registration limit per address, as anyone (only an enrolled administrator skips it)', async () => {
    const { access } = await signedIn(t.app, 'super');
    const ip = nextIp();
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/register/',
        headers: bearer(access),
        remoteAddress: ip,
        payload: registration({ username: `Limited${1000 + i}`, email: `limited${i}@example.com` }),
      });
      answers.push(res.statusCode);
    }
    expect(answers.at(-1)).toBe(429);
  });

  it('a confirmation before any setup answers as for anyone; new recovery codes and turning off are refused by the gate', async () => {
    const { access } = await signedIn(t.app, 'super');
    const confirm = await call(access, 'POST', '/api/v1/profile/totp/confirm/', { code: '123456' });
    expect([confirm.statusCode, json(confirm).error]).toEqual([409, TOTP_MSG.notSetUp]);
    // new recovery codes and turning off are not part of the enrolment
    expect((await call(access, 'POST', '/api/v1/profile/totp/recovery-codes/', { password: 'x' })).statusCode).toBe(
      403,
    );
    const off = await call(access, 'DELETE', '/api/v1/profile/totp/', { password: 'x' });
    expect([off.statusCode, json(off).error]).toEqual([403, ENROL_FIRST]);
  });

  it('requires nothing of an ordinary administrator, who may turn theirs off', async () => {
    const { user, access } = await signedIn(t.app, 'admin');
    expect((await call(access, 'GET', '/api/v1/profiles/')).statusCode).toBe(200);
    expect((await status(access)).required).toBe(false);
    await enrol(t.app, t.clock, access, user.password);
    const off = await call(access, 'DELETE', '/api/v1/profile/totp/', { password: user.password });
    expect(off.statusCode).toBe(200);
  });
});

describe('with TOTP_REQUIRED_FOR_SUPER=false', () => {
  const off = useTestApp({ TOTP_REQUIRED_FOR_SUPER: 'false' });

  it('a super administrator without an authenticator uses every route', async () => {
    const { access } = await signedIn(off.app, 'super');
    for (const [name, method, url, payload] of GUARDED) {
      const res = await off.app.inject({ method, url, headers: bearer(access), ...(payload ? { payload } : {}) });
      expect([name, res.statusCode], res.body).toEqual([name, 200]);
    }
  });
});
