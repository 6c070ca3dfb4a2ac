/**
 * Changes pushed to every instance with LISTEN/NOTIFY (db/notify.ts): two apps, each as an
 * instance configured with DATABASE_URL, on one PostgreSQL database (api-postgres only). An edit
 * through A reaches B's readers well within B's fallback poll, which is slowed to once a minute
 * while B listens; when B's listening connection is cut, B polls again, reconnects and listens.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { withClient } from '../test/databases.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, openTestDatabase, TestOutbox, testConfig } from '../test/helper.ts';
import { type Database, openDatabase } from './client.ts';
import { LISTENER_NAME } from './notify.ts';

let a: App;
let b: App;
let url: string;

/** An instance on `database`, configured with its URL (so it listens). */
async function instance(database: Database): Promise<App> {
  const app = await buildApp({
    config: testConfig({ DATABASE_URL: url }),
    database,
    mailer: new TestOutbox(),
    jobs: 'manual',
  });
  await app.ready();
  return app;
}

async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<number> {
  const started = performance.now();
  while (!(await condition())) {
    if (performance.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
  return performance.now() - started;
}

/** Cuts every listening connection on the test database, as a server restart or an admin would. */
async function cutListeners(): Promise<number> {
  const { rowCount } = await withClient((admin) =>
    admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND datname = $2', [
      LISTENER_NAME,
      new URL(url).pathname.slice(1),
    ]),
  );
  return rowCount ?? 0;
}

beforeAll(async () => {
  const first = await openTestDatabase();
  url = first.url ?? '';
  a = await instance(first);
  // the second instance: its own pool on the first one's database
  b = await instance(await openDatabase({ url, poolSize: 5 }));
  await until(() => a.changes?.listening === true && b.changes?.listening === true);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

const intro = async (app: App) =>
  ((await app.inject({ method: 'GET', url: '/api/v1/content/' })).json() as { home_intro?: string }).home_intro;

async function editIntro(app: App, text: string): Promise<void> {
  const admin = bearer((await signedIn(app, 'admin')).access);
  const res = await app.inject({
    method: 'PUT',
    url: '/api/v1/content/update/',
    headers: admin,
    payload: { home_intro: text },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('changes pushed to every instance', () => {
  it('an edit through A is read through B within 500 ms, though B polls only once a minute while it listens', async () => {
    await editIntro(a, 'Before');
    await until(async () => (await intro(b)) === 'Before');
    // B's answer is now cached, and B will not look at the generation for a minute
    await editIntro(a, 'After');
    const delay = await until(async () => (await intro(b)) === 'After', 2000);
    expect(delay).toBeLessThan(500);
  });

  it('maintenance turned on through A answers 503 through B within 500 ms, and off again', async () => {
    const superAdmin = bearer((await signedIn(a, 'super')).access);
    const products = async () => (await b.inject({ method: 'GET', url: '/api/v1/products/' })).statusCode;
    expect(await products()).toBe(200);
    const toggle = (on: boolean) =>
      a.inject({
        method: 'POST',
        url: '/api/v1/maintenance/toggle/',
        headers: superAdmin,
        payload: { is_enabled: on },
      });
    expect((await toggle(true)).statusCode).toBe(200);
    expect(await until(async () => (await products()) === 503, 2000)).toBeLessThan(500);
    expect((await toggle(false)).statusCode).toBe(200);
    expect(await until(async () => (await products()) === 200, 2000)).toBeLessThan(500);
  });

  it('with its listening connection cut, B polls again (a change within about a second), then listens again', async () => {
    await editIntro(a, 'One');
    await until(async () => (await intro(b)) === 'One');
    expect(await cutListeners()).toBe(2);
    await until(() => b.changes?.listening === false, 5000);
    await editIntro(a, 'Two');
    // the fallback: B's poll of the generation (once a second)
    await until(async () => (await intro(b)) === 'Two', 3000);
    // back after its wait (half a second first)
    await until(() => a.changes?.listening === true && b.changes?.listening === true, 10_000);
    await editIntro(a, 'Three');
    expect(await until(async () => (await intro(b)) === 'Three', 2000)).toBeLessThan(500);
  });
});
