/**
 * The per-address limits of sign-up, password reset, the contact form and unknown addresses,
 * counted in the database (plugins/address-limits.ts): two instances on one database share each
 * one, so the request after the limit is refused whichever instance it reaches.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { TEST_DB } from '../test/databases.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, TestOutbox, testConfig, useTestApp } from '../test/helper.ts';
import { retryIn } from './address-limits.ts';

const t = useTestApp();
/** A second instance on the first one's database. */
let other: App;
beforeAll(async () => {
  other = await buildApp({
    config: testConfig(),
    database: { db: t.app.ctx.db, kind: TEST_DB, close: async () => {} },
    mailer: new TestOutbox(),
    jobs: 'manual',
    now: t.clock.now,
  });
  await other.ready();
});
afterAll(() => other?.close());

let address = 0;
const nextIp = () => `198.51.100.${++address}`;

const LIMITS = [
  { name: 'sign-up', perMinute: 20, method: 'POST', url: '/api/v1/register/', payload: {} },
  {
    name: 'password reset',
    perMinute: 5,
    method: 'POST',
    url: '/api/v1/password-reset-request/',
    payload: { username: 'nobody12' },
  },
  { name: 'contact', perMinute: 5, method: 'POST', url: '/api/v1/contact/', payload: {} },
  { name: 'unknown addresses', perMinute: 120, method: 'GET', url: '/api/v1/no-such-thing/', payload: undefined },
] as const;

describe('limits shared by every instance', () => {
  for (const limit of LIMITS) {
    it(`${limit.name}: ${limit.perMinute} a minute from one address across two instances; the next is refused with Retry-After`, async () => {
      // 15 s into a minute: the window ends in 45 s
      t.clock.set('2026-12-01T18:00:15Z');
      const ip = nextIp();
      const send = (app: App, from = ip) =>
        app.inject({
          method: limit.method,
          url: limit.url,
          remoteAddress: from,
          ...(limit.payload ? { payload: limit.payload } : {}),
        });
      for (let i = 0; i < limit.perMinute; i++) {
        expect((await send(i % 2 === 0 ? t.app : other)).statusCode).not.toBe(429);
      }
      for (const app of [other, t.app]) {
        const refused = await send(app);
        expect(refused.statusCode).toBe(429);
        expect(refused.json()).toEqual({ error: 'Rate limit exceeded, retry in 45 seconds', code: 'RATE_LIMITED' });
        expect(refused.headers['retry-after']).toBe('45');
      }
      // another address is not limited; the next minute starts again
      expect((await send(other, nextIp())).statusCode).not.toBe(429);
      t.clock.set('2026-12-01T18:01:00Z');
      expect((await send(t.app)).statusCode).not.toBe(429);
    });
  }

  it('an administrator creating users is not limited', async () => {
    t.clock.set('2026-12-01T18:00:00Z');
    const admin = bearer((await signedIn(t.app, 'admin')).access);
    const ip = nextIp();
    for (let i = 0; i < 25; i++) {
      const res = await (i % 2 ? other : t.app).inject({
        method: 'POST',
        url: '/api/v1/register/',
        remoteAddress: ip,
        headers: admin,
        payload: {},
      });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('the wait in words', () => {
  it('says minutes from 60 seconds, seconds below', () => {
    expect([retryIn(1), retryIn(45), retryIn(59), retryIn(60), retryIn(150)]).toEqual([
      '1 second',
      '45 seconds',
      '59 seconds',
      '1 minute',
      '3 minutes',
    ]);
  });
});
