/**
 * Graceful shutdown. From outside: the server as its own process (embedded database in the
 * api-pglite project, PostgreSQL in api-postgres), a request held in flight, SIGTERM; the request
 * completes, a new connection is refused, the process exits 0 and a second start on the same data
 * works. In-process: ready's 503 at once, and the limit (exit 1).
 */
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { contactMessages } from '../db/schema.ts';
import { TEST_DB } from '../test/databases.ts';
import { holdPost, parseAnswer, refusedWithin } from '../test/held-request.ts';
import { openTestDatabase, testConfig } from '../test/helper.ts';
import { type ServerProcess, startServer } from '../test/processes.ts';
import { createEmptyDatabase, dropDatabase } from '../test/scratch-databases.ts';
import { readiness } from './service.ts';
import { shutDown } from './shutdown.ts';

const CONTACT = '/api/v1/contact/';
const MESSAGE = {
  'first-name': 'Sam',
  'last-name': 'Taylor',
  email: 'sam.taylor@example.com',
  message: 'Sent while the server was told to stop.',
};

const running: ServerProcess[] = [];
const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** Where a server keeps its data in this project: a DATA_DIR of its own, or an empty PostgreSQL
 * database. */
async function dataPlace(): Promise<{ env: Record<string, string>; lock?: string; open(): Promise<Database> }> {
  if (TEST_DB === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'piste-deploy-shutdown-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    return {
      env: { DATA_DIR: dataDir },
      lock: join(dataDir, 'pglite.lock'),
      open: () => openDatabase({ dataDir: join(dataDir, 'pglite') }),
    };
  }
  const name = `piste_deploy_shutdown_${process.pid}`;
  const url = await createEmptyDatabase(name);
  cleanups.push(() => dropDatabase(name));
  return { env: { DATABASE_URL: url }, open: () => openDatabase({ url, poolSize: 1 }) };
}

function start(env: Record<string, string>): ServerProcess {
  const server = startServer({ SEED_DEMO: 'false', LOG_LEVEL: 'info', ...env });
  running.push(server);
  return server;
}

describe('SIGTERM, from outside', () => {
  it('finishes the request in flight, refuses new connections, exits 0; the next start works', async () => {
    const place = await dataPlace();
    const server = start(place.env);
    const base = await server.ready;
    const port = Number(new URL(base).port);
    expect((await fetch(`${base}/api/v1/health/ready`)).status).toBe(200);
    if (place.lock) expect(existsSync(place.lock)).toBe(true);

    const held = await holdPost(port, CONTACT, MESSAGE);
    const exited = once(server.child, 'exit') as Promise<[number | null, string | null]>;
    server.child.kill('SIGTERM');
    // the listening socket closes at once, with the request still in flight
    expect(await refusedWithin(port, 1000)).toBe('ECONNREFUSED');
    expect(server.child.exitCode).toBeNull();

    const answer = parseAnswer(await held.finish());
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(server.output()).toContain('SIGTERM received: taking no new requests, finishing those in flight');
    expect(server.output()).toContain('closed: requests finished, jobs stopped, database closed');
    if (place.lock) expect(existsSync(place.lock)).toBe(false);

    if (place.lock) {
      // the embedded database's lock went with the process: the next start works
      const next = start(place.env);
      expect((await fetch(`${await next.ready}/api/v1/health/ready`)).status).toBe(200);
      await next.stop();
      expect(next.child.exitCode).toBe(0);
    }
    // the message sent during the stop is kept
    const database = await place.open();
    try {
      const rows = await database.db.select({ email: contactMessages.email }).from(contactMessages);
      expect(rows).toEqual([{ email: MESSAGE.email }]);
    } finally {
      await database.close();
    }
  }, 240_000);
});

/** An app listening on a free port, with its own database. */
async function listeningApp(): Promise<{ app: App; port: number }> {
  const app = await buildApp({ config: testConfig(), database: await openTestDatabase(), jobs: 'manual' });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, port: Number(new URL(address).port) };
}

describe('shutDown, in process', () => {
  it('says not ready from the first moment, while the request in flight goes on', async () => {
    const { app, port } = await listeningApp();
    const held = await holdPost(port, CONTACT, MESSAGE);
    const codes: number[] = [];
    const closed = shutDown(app, 'SIGTERM', { exit: (code) => codes.push(code) });
    expect(await readiness(app.ctx)).toEqual({ status: 'not ready', reason: 'shutting down' });
    expect(await refusedWithin(port, 1000)).toBe('ECONNREFUSED');
    expect(codes).toEqual([]);
    expect(parseAnswer(await held.finish()).status).toBe(200);
    await closed;
    expect(codes).toEqual([0]);
  });

  it('exits 1 when a request is still in flight after the limit', async () => {
    const { app, port } = await listeningApp();
    const held = await holdPost(port, CONTACT, MESSAGE);
    const codes: number[] = [];
    const started = Date.now();
    const closed = shutDown(app, 'SIGTERM', { limitMs: 300, exit: (code) => codes.push(code) });
    while (codes.length === 0 && Date.now() - started < 5000) await new Promise((r) => setTimeout(r, 20));
    expect(codes).toEqual([1]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    // in a real process exit(1) ends it here; the test lets the request go to close the app
    held.abandon();
    await closed;
  });

  it('exits 1 when closing fails', async () => {
    const opened = await openTestDatabase();
    cleanups.push(() => opened.close());
    const database = {
      ...opened,
      close: async () => {
        throw new Error('the database would not close');
      },
    };
    const app = await buildApp({ config: testConfig(), database, jobs: 'manual' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const codes: number[] = [];
    await shutDown(app, 'SIGTERM', { exit: (code) => codes.push(code) });
    expect(codes).toEqual([1]);
  });
});
