import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import type { AppContext } from '../context.ts';
import { setMaintenance } from '../maintenance/service.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, json, openTestDatabase, testConfig, useTestApp } from '../test/helper.ts';
import { markShuttingDown, NOT_READY, readiness } from './service.ts';

const t = useTestApp();

const LIVE = '/api/v1/health/live';
const READY = '/api/v1/health/ready';

describe('GET /api/v1/health/live', () => {
  it('answers 200 { status: ok }, never stored', async () => {
    const res = await t.app.inject({ method: 'GET', url: LIVE });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ status: 'ok' });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('GET /api/v1/health/ready', () => {
  it('answers 200 { status: ready } on a migrated database, never stored and never from the cache', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({ method: 'GET', url: READY });
      expect(res.statusCode).toBe(200);
      expect(json(res)).toEqual({ status: 'ready' });
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
    // the front path (cached public reads answered before the framework) never learnt it
    const served = t.app.front.served;
    await t.app.inject({ method: 'GET', url: READY });
    expect(t.app.front.served).toBe(served);
  });

  it('stays open in maintenance, to anonymous visitors and signed-in users alike', async () => {
    const user = await signedIn(t.app, 'user');
    await setMaintenance(t.app.ctx, true);
    try {
      for (const headers of [{}, bearer(user.access)]) {
        expect((await t.app.inject({ method: 'GET', url: READY, headers })).statusCode).toBe(200);
        expect((await t.app.inject({ method: 'GET', url: LIVE, headers })).statusCode).toBe(200);
      }
    } finally {
      await setMaintenance(t.app.ctx, false);
    }
  });
});

/** An app on a database of its own, for the tests that break it; its database's close may be
 * called twice (the test's, then the app's). */
const own: App[] = [];
async function appOfItsOwn(): Promise<{ app: App; closeDatabase: () => Promise<void> }> {
  const opened = await openTestDatabase();
  let closing: Promise<void> | undefined;
  const closeDatabase = () => {
    closing ??= opened.close();
    return closing;
  };
  const app = await buildApp({
    config: testConfig(),
    database: { ...opened, close: closeDatabase },
    jobs: 'manual',
  });
  await app.ready();
  own.push(app);
  return { app, closeDatabase };
}

afterAll(async () => {
  await Promise.all(own.splice(0).map((app) => app.close()));
});

async function ready(app: App) {
  const res = await app.inject({ method: 'GET', url: READY });
  return { status: res.statusCode, body: json(res), cacheControl: res.headers['cache-control'] };
}

const notReady = (reason: string) => ({ status: 503, body: { status: 'not ready', reason }, cacheControl: 'no-store' });

describe('ready is not fooled', () => {
  it('answers 503 when the database is closed, and again after it answered 200', async () => {
    const { app, closeDatabase } = await appOfItsOwn();
    expect((await ready(app)).status).toBe(200);
    await closeDatabase();
    expect(await ready(app)).toEqual(notReady('the database cannot be reached'));
    expect(await ready(app)).toEqual(notReady('the database cannot be reached'));
  });

  // one database for the rest, each test putting back what it broke; the last marks it shutting down
  let app: App;
  beforeAll(async () => {
    app = (await appOfItsOwn()).app;
  });

  it("answers 503 when the database lacks this code's last migration", async () => {
    const last = sql`(SELECT max(created_at) FROM drizzle.__drizzle_migrations)`;
    await app.ctx.db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at - 1 WHERE created_at = ${last}`,
    );
    expect(await ready(app)).toEqual(notReady('the database is not migrated to this version'));
    await app.ctx.db.execute(
      sql`UPDATE drizzle.__drizzle_migrations SET created_at = created_at + 1 WHERE created_at = ${last}`,
    );
    expect((await ready(app)).status).toBe(200);
  });

  it('answers 503 on a database no migration ever ran on', async () => {
    await app.ctx.db.execute(sql`ALTER SCHEMA drizzle RENAME TO drizzle_elsewhere`);
    expect(await ready(app)).toEqual(notReady(NOT_READY.migrations));
    await app.ctx.db.execute(sql`ALTER SCHEMA drizzle_elsewhere RENAME TO drizzle`);
    expect((await ready(app)).status).toBe(200);
  });

  it('says the database did not answer when it does not within the limit', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked = () => {};
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    // a transaction holding the migrations table: ready's query waits behind it
    const holder = app.ctx.db.transaction(async (tx) => {
      await tx.execute(sql`LOCK TABLE drizzle.__drizzle_migrations IN ACCESS EXCLUSIVE MODE`);
      locked();
      await held;
    });
    await lockTaken;
    const started = Date.now();
    expect(await readiness(app.ctx, 300)).toEqual({
      status: 'not ready',
      reason: 'the database did not answer within 0.3 s',
    });
    expect(Date.now() - started).toBeLessThan(2000);
    release();
    await holder;
    expect(await readiness(app.ctx, 300)).toEqual({ status: 'ready' });
  });

  it('answers 503 from the moment the instance is shutting down (the database still answers)', async () => {
    expect((await ready(app)).status).toBe(200);
    markShuttingDown(app.ctx);
    expect(await ready(app)).toEqual(notReady('shutting down'));
    // the process still answers
    expect((await app.inject({ method: 'GET', url: LIVE })).statusCode).toBe(200);
  });

  it('says the database answered with an error for any other failure', async () => {
    const failing = {
      db: { execute: async () => Promise.reject(Object.assign(new Error('permission denied'), { code: '42501' })) },
    } as unknown as AppContext;
    expect(await readiness(failing)).toEqual({ status: 'not ready', reason: 'the database answered with an error' });
  });
});
