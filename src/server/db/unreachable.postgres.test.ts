/**
 * Issue 24: with the database out of reach every request, pages included, answered 500
 * `{"error":"Internal Server Error"}`. Now a page answers 503 with a readable page, the API 503
 * with the error shape and FAULT_MSG.busy; when the database is back, requests succeed again
 * without restarting the app. The database goes away through a TCP proxy the test cuts (never by
 * stopping the shared server). PostgreSQL only: the embedded database is inside the process.
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { FAULT_MSG } from '../../domain/faults.ts';
import { type App, buildApp } from '../app.ts';
import { resetMaintenanceCache } from '../maintenance/service.ts';
import { resetPublicCache } from '../plugins/public-cache.ts';
import { databaseUrl, TEST_DATABASE_URL } from '../test/databases.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, testConfig } from '../test/helper.ts';
import { standInWebDist } from '../test/stand-in-web.ts';
import { openDatabase } from './client.ts';

/** A TCP proxy in front of the PostgreSQL server: `cut` closes every connection and stops
 * accepting; `listen` accepts again, on the same port. */
class TcpProxy {
  server: Server | undefined;
  sockets = new Set<Socket>();
  port = 0;
  readonly target: URL;
  constructor(target: URL) {
    this.target = target;
  }

  async listen(): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(Number(this.target.port || 5432), this.target.hostname);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => s.destroy());
      }
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    const address = server.address();
    if (address && typeof address === 'object') this.port = address.port;
    this.server = server;
  }

  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }
}

const name = `piste_unreachable_${process.pid}`;
const proxy = new TcpProxy(new URL(TEST_DATABASE_URL));
let app: App;

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await proxy.listen();
  const viaProxy = new URL(databaseUrl(name));
  viaProxy.hostname = '127.0.0.1';
  viaProxy.port = String(proxy.port);
  const dist = await standInWebDist(['/policies']);
  const database = await openDatabase({ url: viaProxy.toString(), poolSize: 4 });
  app = await buildApp({ config: testConfig({ WEB_DIST: dist }), database });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await proxy.cut();
  await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
});

describe('the database out of reach', () => {
  it('a page answers 503 with a readable page, the API 503 with its message; both recover', async () => {
    const user = bearer((await signedIn(app, 'user')).access);
    const profile = () => app.inject({ method: 'GET', url: '/api/v1/profile/', headers: user });
    // painted afresh each time: the page cache emptied first (a cached page would be served)
    const page = () => {
      resetPublicCache(app.ctx);
      return app.inject({ method: 'GET', url: '/policies' });
    };
    expect((await profile()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);

    await proxy.cut();
    resetMaintenanceCache(app.ctx);
    const started = Date.now();
    const read = await profile();
    expect(read.statusCode, read.body).toBe(503);
    expect(read.json()).toEqual({ error: FAULT_MSG.busy, code: 'UNAVAILABLE' });
    expect(read.headers['cache-control']).toBe('no-store');
    const painted = await page();
    expect(painted.statusCode, painted.body).toBe(503);
    expect(painted.headers['content-type']).toMatch(/^text\/html/);
    expect(painted.body).toContain(FAULT_MSG.busy);
    expect(painted.body).toContain('<title>Please try again in a minute</title>');
    // a write too: never a 500
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login/',
      payload: { username: 'someone1', password: 'Secret#Pass1' },
    });
    expect(login.statusCode, login.body).toBe(503);
    expect(Date.now() - started).toBeLessThan(15_000);

    await proxy.listen();
    resetMaintenanceCache(app.ctx);
    expect((await profile()).statusCode).toBe(200);
    const again = await page();
    expect(again.statusCode).toBe(200);
    expect(again.body).toContain('<p>200</p>');
  });
});
