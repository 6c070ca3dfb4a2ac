import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, openTestDatabase, testConfig } from '../test/helper.ts';
import { warmUp } from './access-log.ts';

/** One access line per answer; successful public reads sampled; never a token or reset link. */
let app: App;
let lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info', ACCESS_LOG_SAMPLE: '0.1' }),
    database: await openTestDatabase(),
    logStream: { write: (line) => lines.push(JSON.parse(line) as Record<string, unknown>) },
  });
  // slow the first time only, as the first page after a start is (a cold renderer, code not yet compiled)
  let cold = true;
  app.get('/api/v1/cold-thing/', { config: { access: 'public' } }, async () => {
    // a page's own read, as the renderer makes it while it paints (a 404: always written)
    await app.inject({ method: 'GET', url: '/api/v1/no-such-read/' });
    if (cold) await new Promise((r) => setTimeout(r, 1100));
    cold = false;
    return { ok: true };
  });
  app.get('/api/v1/slow-thing/', { config: { access: 'public' } }, async () => {
    await new Promise((r) => setTimeout(r, 1100));
    return { ok: true };
  });
  await app.ready();
});
afterAll(() => app.close());

const accessLines = () =>
  lines.filter((l) => l.msg === 'request' || l.msg === 'slow request' || l.msg === 'request failed');

describe('the access log', () => {
  it('writes one line for every tenth successful public read, and none of Fastify’s own', async () => {
    lines = [];
    for (let i = 0; i < 30; i++) await app.inject({ method: 'GET', url: '/api/v1/faqs/' });
    const access = accessLines();
    expect(access).toHaveLength(3);
    expect(access[0]).toMatchObject({ method: 'GET', path: '/api/v1/faqs/', status: 200, sampled: 10, level: 30 });
    expect(typeof access[0]?.ms).toBe('number');
    expect(typeof access[0]?.reqId).toBe('string');
    expect(lines.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
  });

  it('always logs writes, signed-in calls and client errors', async () => {
    const user = await signedIn(app, 'user');
    lines = [];
    await app.inject({ method: 'GET', url: '/api/v1/profile/', headers: bearer(user.access) });
    await app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: 'nobody123', password: 'Wrong#Pass1' },
    });
    await app.inject({ method: 'GET', url: '/api/v1/products/no-such-event/' });
    expect(accessLines().map((l) => `${l.method} ${l.path} ${l.status}`)).toEqual([
      'GET /api/v1/profile/ 200',
      'POST /api/v1/login/ 401',
      'GET /api/v1/products/:slug/ 404',
    ]);
  });

  it('the warm-up before listening takes the first, cold answer, and writes no line: the first real one is no "slow request"', async () => {
    lines = [];
    await warmUp(app, ['/api/v1/cold-thing/']);
    expect(accessLines()).toEqual([]);
    // signed in: a read always written (a public one is sampled)
    const user = await signedIn(app, 'user');
    lines = [];
    await app.inject({ method: 'GET', url: '/api/v1/cold-thing/', headers: bearer(user.access) });
    expect(accessLines().map((l) => [l.msg, l.path])).toContainEqual(['request', '/api/v1/cold-thing/']);
    expect(accessLines().filter((l) => l.msg === 'slow request')).toEqual([]);
  });

  it('logs a slow answer at warn', async () => {
    lines = [];
    await app.inject({ method: 'GET', url: '/api/v1/slow-thing/' });
    expect(accessLines()).toEqual([expect.objectContaining({ msg: 'slow request', level: 40, status: 200 })]);
  });

  it('never writes a reset link’s token or a query string', async () => {
    lines = [];
    await app.inject({ method: 'GET', url: '/reset-password/MTI/abc-secret-token' });
    await app.inject({ method: 'GET', url: '/api/v1/nothing-here/?email=pat@example.com' });
    const text = JSON.stringify(lines);
    expect(text).not.toContain('abc-secret-token');
    expect(text).not.toContain('pat@example.com');
    expect(accessLines().map((l) => l.path)).toEqual(['/reset-password/…', '/api/v1/nothing-here/']);
  });
});
