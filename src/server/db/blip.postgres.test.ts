/**
 * Issue 36, a database blip: PostgreSQL (a private cluster: test/private-postgres.ts, never the
 * shared server) stopped for 20 s under load, then started. Throughout, the cached page `/` and
 * a cached public read answer 200 (from the cache, with the maintenance switch and the cache
 * generation last known: db/faults.ts); a signed-in read the cache does not hold answers 503 with
 * FAULT_MSG.busy, never 500; ready answers 503. Afterwards, without a restart, everything answers
 * again; the health job records "The database could not be reached from … to …" (and e-mails
 * it), and neither the health checks' 503s nor the outage's raise a burst of server errors.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_MSG } from '../../domain/faults.ts';
import { type App, buildApp } from '../app.ts';
import { runHealthChecks } from '../operations/job.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, flushMail, TestOutbox, testConfig } from '../test/helper.ts';
import { type PrivatePostgres, startPrivatePostgres } from '../test/private-postgres.ts';
import { standInWebDist } from '../test/stand-in-web.ts';
import { migrateDatabase, openDatabase } from './client.ts';
import { faqs } from './schema.ts';

/** The private cluster's port (this part's range, 5500-5599). */
const PORT = 5561;
const OUTAGE_MS = 20_000;

let cluster: PrivatePostgres;
let app: App;
let base: string;
const outbox = new TestOutbox();

beforeAll(async () => {
  cluster = await startPrivatePostgres(PORT);
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE piste');
  await admin.end();
  const url = cluster.url('piste');
  const database = await openDatabase({ url, poolSize: 6 });
  await migrateDatabase(database);
  // DATABASE_URL as an installation has it: the instance listens for changes, and hears the
  // listening connection drop with the server
  const config = testConfig({
    DATABASE_URL: url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    OPS_EMAIL: 'ops@ersa.example',
    WEB_DIST: await standInWebDist(['/']),
  });
  app = await buildApp({ config, database, mailer: outbox, jobs: 'manual' });
  await database.db.insert(faqs).values({ question: 'When do entries open?', answer: 'In October.' });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}, 120_000);

afterAll(async () => {
  await app?.close();
  cluster?.destroy();
});

interface Answer {
  path: string;
  status: number;
  body: string;
  at: number;
}

/** Clients asking for `paths` one after another each, until stopped. */
function load(paths: { path: string; headers?: Record<string, string> }[]) {
  const answers: Answer[] = [];
  let going = true;
  const loops = paths.map(async ({ path, headers }) => {
    while (going) {
      const answer = await fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(15_000) })
        .then(async (res) => ({ status: res.status, body: await res.text() }))
        .catch((error: unknown) => ({ status: 0, body: String(error) }));
      answers.push({ path, ...answer, at: Date.now() });
      await new Promise((r) => setTimeout(r, 50));
    }
  });
  return {
    answers,
    stop: async () => {
      going = false;
      await Promise.all(loops);
    },
  };
}

async function ready(): Promise<number> {
  return (await fetch(`${base}/api/v1/health/ready`)).status;
}

describe('PostgreSQL stopped for 20 s under load', () => {
  it('cached pages and reads answer 200 throughout, the rest 503; afterwards the outage is an alert of its own, no burst', {
    timeout: 120_000,
  }, async () => {
    const chief = bearer((await signedIn(app, 'super')).access);
    const family = bearer((await signedIn(app, 'user')).access);
    // the cache holds them
    for (const path of ['/', '/api/v1/faqs/']) expect((await fetch(`${base}${path}`)).status).toBe(200);
    const traffic = load([
      { path: '/' },
      { path: '/' },
      { path: '/api/v1/faqs/' },
      { path: '/api/v1/profile/', headers: family },
      { path: '/api/v1/health/ready' },
    ]);
    await new Promise((r) => setTimeout(r, 1_000));
    await cluster.stop();
    const stoppedAt = Date.now();
    await new Promise((r) => setTimeout(r, OUTAGE_MS));
    const startedAt = Date.now();
    await cluster.start();
    const deadline = Date.now() + 30_000;
    while ((await ready()) !== 200 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    await traffic.stop();

    const during = traffic.answers.filter((a) => a.at > stoppedAt && a.at < startedAt);
    const shown = (a: Answer) => `${a.path} ${a.status} at +${a.at - stoppedAt} ms: ${a.body.slice(0, 160)}`;
    const cached = during.filter((a) => a.path === '/' || a.path === '/api/v1/faqs/');
    expect(cached.length).toBeGreaterThan(40);
    for (const a of cached) expect(a.status, shown(a)).toBe(200);
    expect(cached.filter((a) => a.path === '/').every((a) => a.body.includes('<p>200</p>'))).toBe(true);
    const uncached = during.filter((a) => a.path === '/api/v1/profile/');
    expect(uncached.length).toBeGreaterThan(20);
    for (const a of uncached) {
      expect(a.status, shown(a)).toBe(503);
      expect(JSON.parse(a.body), shown(a)).toEqual({ error: FAULT_MSG.busy, code: 'UNAVAILABLE' });
    }
    const readies = during.filter((a) => a.path === '/api/v1/health/ready');
    for (const a of readies) expect(a.status, shown(a)).toBe(503);
    // nothing anywhere, before, during or after, was a 500 or a lost connection
    for (const a of traffic.answers) expect([200, 503], shown(a)).toContain(a.status);

    // back without a restart
    expect((await fetch(`${base}/api/v1/profile/`, { headers: family })).status).toBe(200);
    const run = await runHealthChecks(app.ctx, app.health);
    expect(run.unreachable).toBe('raised');
    expect(run.errors).toBe('unchanged');
    const health = await fetch(`${base}/api/v1/admin/health/`, { headers: chief }).then((r) => r.json());
    const alert = health.alerts.find((a: { kind: string }) => a.kind === 'unreachable');
    expect(alert).toMatchObject({ title: 'The database cannot be reached', raised: true });
    expect(alert.detail).toMatch(
      /^The database could not be reached from \d{4}-\d\d-\d\d \d\d:\d\d:\d\d to \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC \(\d+ s/,
    );
    expect(health.alerts.find((a: { kind: string }) => a.kind === 'errors').raised).toBe(false);
    await flushMail(app);
    expect(outbox.messages.filter((m) => m.to === 'ops@ersa.example').map((m) => m.subject)).toEqual([
      'ERSA site health: The database cannot be reached',
    ]);
  });
});
