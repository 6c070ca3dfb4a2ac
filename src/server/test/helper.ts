import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, inject } from 'vitest';
import { type App, type BuildOptions, buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { type MailRun, runMailJob } from '../mail/job.ts';
import { resetMaintenanceCache } from '../maintenance/service.ts';
import type { Mailer, MailMessage } from '../plugins/mail.ts';
import { resetPublicCache } from '../plugins/public-cache.ts';
import { databaseUrl, TEST_DATABASE_URL, TEST_DB } from './databases.ts';

/** A controllable clock: starts at the real time, moves only when told. */
export class TestClock {
  current = new Date();
  now = (): Date => new Date(this.current.getTime());
  set(date: Date | string): void {
    this.current = new Date(date);
  }
  advance(ms: number): void {
    this.current = new Date(this.current.getTime() + ms);
  }
}

/** A mailer that keeps what it was asked to send. */
export class TestOutbox implements Mailer {
  messages: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.messages.push(message);
  }
  last(): MailMessage | undefined {
    return this.messages.at(-1);
  }
  clear(): void {
    this.messages = [];
  }
}

let dataDirCounter = 0;

/** Test configuration: silent, a fixed secret, and a data folder of its own (uploads) under the
 * system's temporary directory, never the developer's data/. */
export function testConfig(overrides: Record<string, string> = {}): Config {
  dataDirCounter += 1;
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), `piste-test-${process.pid}-${dataDirCounter}`),
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256!',
    WEB_DIST: 'does-not-exist',
    // every test reads right after it writes: no coalescing of cache drops (plugins/public-cache.ts)
    PUBLIC_CACHE_COALESCE_MS: '0',
    ...overrides,
  });
}

let databaseCounter = 0;

export async function openTestDatabase(): Promise<Database> {
  if (TEST_DB === 'pglite') {
    const snapshot = await readFile(inject('pgliteSnapshot'));
    return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([snapshot]) });
  }
  databaseCounter += 1;
  const name = `piste_test_${process.pid}_${databaseCounter}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  // Two clones of one template at the same moment fail ("being accessed by other users"): retry.
  for (let attempt = 0; ; attempt++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  await admin.end();
  const database = await openDatabase({ url: databaseUrl(name), poolSize: 20 });
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await cleanup.connect();
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await cleanup.end();
    },
  };
}

/** Empties every table (identities restart) so each test starts from a migrated, empty database. */
export async function resetDatabase(app: App): Promise<void> {
  const rows = await app.ctx.db.execute<{ tablename: string }>(
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`,
  );
  const names = (Array.isArray(rows) ? rows : (rows as { rows: { tablename: string }[] }).rows)
    .map((r) => `"${r.tablename}"`)
    .join(', ');
  if (names) await app.ctx.db.execute(sql.raw(`TRUNCATE ${names} RESTART IDENTITY CASCADE`));
  resetPublicCache(app.ctx);
  resetMaintenanceCache(app.ctx);
}

export interface TestApp {
  app: App;
  clock: TestClock;
  outbox: TestOutbox;
  /** Runs the mail job (not scheduled in tests) until no due mail is left: what was queued
   * reaches t.outbox. */
  flushMail(): Promise<MailRun>;
}

/** Runs the mail job until a run finds nothing due; returns the totals. */
export async function flushMail(app: App): Promise<MailRun> {
  const total: MailRun = { sent: 0, failed: 0, dropped: 0 };
  for (let round = 0; round < 100; round++) {
    const run = await runMailJob(app.ctx, app.log);
    total.sent += run.sent;
    total.failed += run.failed;
    total.dropped += run.dropped;
    if (run.sent + run.failed + run.dropped === 0) break;
  }
  return total;
}

/** One app and database per test file, emptied before each test. Use inside a describe block or
 * at file level:  `const t = useTestApp();` then `t.app.inject(...)` inside tests. */
export function useTestApp(
  configOverrides: Record<string, string> = {},
  buildOptions: Pick<BuildOptions, 'unsafeNoPlaceGuard'> = {},
): TestApp {
  const t = {
    clock: new TestClock(),
    outbox: new TestOutbox(),
    flushMail: () => flushMail(t.app),
  } as TestApp;
  beforeAll(async () => {
    const database = await openTestDatabase();
    t.app = await buildApp({
      config: testConfig(configOverrides),
      database,
      mailer: t.outbox,
      jobs: 'manual',
      now: t.clock.now,
      ...buildOptions,
    });
    await t.app.ready();
  });
  beforeEach(async () => {
    await resetDatabase(t.app);
    t.clock.set(new Date());
    t.outbox.clear();
  });
  afterAll(async () => {
    await t.app?.close();
    if (t.app) await rm(t.app.ctx.config.dataDir, { recursive: true, force: true });
  });
  return t;
}

/** The JSON body of an injected response. */
export function json<T = Record<string, unknown>>(res: LightMyRequestResponse): T {
  return res.json() as T;
}

export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}
