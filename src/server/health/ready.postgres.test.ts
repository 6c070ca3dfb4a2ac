/** Ready on PostgreSQL when the database itself goes: dropped under the running app (its
 * connections are ended, new ones find no such database). api-postgres only. */
import { afterAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../app.ts';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { json, testConfig } from '../test/helper.ts';
import { createEmptyDatabase, dropDatabase } from '../test/scratch-databases.ts';

const NAME = `piste_deploy_ready_${process.pid}`;
let app: App | undefined;

afterAll(async () => {
  await app?.close();
  await dropDatabase(NAME);
});

describe('ready on PostgreSQL', () => {
  it('answers 503 before the migrations ran, 200 after them, and 503 once the database is dropped', async () => {
    const url = await createEmptyDatabase(NAME);
    const database = await openDatabase({ url });
    app = await buildApp({ config: testConfig({ DATABASE_URL: url }), database, jobs: 'manual' });
    await app.ready();
    const ready = async () => {
      const res = await (app as App).inject({ method: 'GET', url: '/api/v1/health/ready' });
      return { status: res.statusCode, body: json(res) };
    };
    // reachable, but nothing migrated yet
    expect(await ready()).toEqual({
      status: 503,
      body: { status: 'not ready', reason: 'the database is not migrated to this version' },
    });
    await migrateDatabase(database);
    expect(await ready()).toEqual({ status: 200, body: { status: 'ready' } });

    await dropDatabase(NAME);
    for (let i = 0; i < 2; i++) {
      expect(await ready()).toEqual({
        status: 503,
        body: { status: 'not ready', reason: 'the database cannot be reached' },
      });
    }
  });
});
