import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { markShuttingDown } from '../health/service.ts';
import { flushMail, openTestDatabase, TestClock, TestOutbox, testConfig } from '../test/helper.ts';
import { runHealthChecks } from './job.ts';

/** A burst of 5xx answers, made to happen through a route of the test's own that fails: the app
 * is built here (not useTestApp) so the route can be added before it is ready. */
const clock = new TestClock();
const outbox = new TestOutbox();
let app: App;

beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ OPS_EMAIL: 'ops@ersa.example' }),
    database: await openTestDatabase(),
    mailer: outbox,
    jobs: 'manual',
    now: clock.now,
  });
  app.get('/api/v1/test-failure/', { config: { access: 'public' } }, async () => {
    throw new Error('a fault in the program');
  });
  await app.ready();
});
afterAll(async () => app?.close());

const fail = async (times: number) => {
  for (let i = 0; i < times; i++) {
    const res = await app.inject({ method: 'GET', url: '/api/v1/test-failure/?token=secret' });
    expect(res.statusCode).toBe(500);
  }
};
const check = () => runHealthChecks(app.ctx, app.health);

describe('answers with 5xx in a burst', () => {
  it('19 in 5 minutes do not raise it, the 20th does; one e-mail for two checks; it clears once 5 minutes pass without a burst', async () => {
    clock.set('2026-01-15T12:00:00Z');
    await fail(19);
    expect((await check()).errors).toBe('unchanged');
    await fail(1);
    expect((await check()).errors).toBe('raised');
    expect((await check()).errors).toBe('unchanged');
    await flushMail(app);
    const alerts = outbox.messages.filter((m) => m.to === 'ops@ersa.example');
    expect(alerts.map((m) => m.subject)).toEqual(['ERSA site health: A burst of server errors']);
    expect(alerts[0]?.text).toContain(
      "20 answers with a server error (5xx) in 5 minutes on one instance, the last to GET /api/v1/test-failure/. The server's log has each error.",
    );
    // the address's query never reaches the alert
    expect(alerts[0]?.text).not.toContain('secret');

    clock.advance(5 * 60_000 + 1_000);
    expect((await check()).errors).toBe('cleared');
    await flushMail(app);
    expect(outbox.messages.filter((m) => m.to === 'ops@ersa.example').map((m) => m.subject)).toEqual([
      'ERSA site health: A burst of server errors',
      'ERSA site health: cleared: A burst of server errors',
    ]);
  });

  it('20 spread over more than 5 minutes are no burst', async () => {
    clock.set('2026-01-16T12:00:00Z');
    await fail(10);
    clock.advance(5 * 60_000 + 1_000);
    await fail(10);
    expect((await check()).errors).toBe('unchanged');
  });

  // last: the app is then shutting down for good
  it("the health addresses' own 503s never make a burst (ready says 'not ready' by design)", async () => {
    clock.set('2026-01-17T12:00:00Z');
    markShuttingDown(app.ctx);
    for (let i = 0; i < 25; i++) {
      expect((await app.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(503);
    }
    expect((await check()).errors).toBe('unchanged');
    expect(app.health.errorsSince(clock.now()).count).toBe(0);
  });
});
