/**
 * Starting the server against PostgreSQL, as its own processes. This file runs in the
 * api-postgres project only (vitest.config.ts): it needs a database server several processes
 * can share, which the embedded database is not.
 */
import { readdirSync } from 'node:fs';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from './db/client.ts';
import { type ServerProcess, startServer } from './test/processes.ts';
import { createEmptyDatabase, onTestServer } from './test/scratch-databases.ts';

const SECRET = '3f9c1e7a5b2d8064c1f7e9a3b5d20846e1c7a9f3b5d7e2c4a6f8091b3d5e7a9c';

let counter = 0;
const created: string[] = [];
const running: ServerProcess[] = [];

/** A new, empty database (no migrations): what a first deployment starts from. */
async function emptyDatabase(): Promise<string> {
  counter += 1;
  const name = `piste_startup_${process.pid}_${counter}`;
  created.push(name);
  return createEmptyDatabase(name);
}

async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

function start(env: Record<string, string>): ServerProcess {
  const server = startServer({ LOG_LEVEL: 'info', ...env });
  running.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
  const names = created.splice(0);
  await onTestServer(async (c) => {
    for (const name of names) await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
});

describe('starting on PostgreSQL', () => {
  it('two instances started at once on an empty database both come up, with one set of demo data', async () => {
    const url = await emptyDatabase();
    const env = { DATABASE_URL: url, NODE_ENV: 'development', SEED_DEMO: 'true', JWT_SECRET: SECRET };
    const servers = [start(env), start(env)];
    const bases = await Promise.all(servers.map((s) => s.ready));
    expect(new Set(bases).size).toBe(2);
    for (const base of bases) expect((await fetch(`${base}/api/v1/version/`)).status).toBe(200);

    const [users] = await query<{ n: string }>(url, 'SELECT count(*) AS n FROM users');
    expect(users?.n).toBe('8');
    const migrations = readdirSync(MIGRATIONS_DIR).filter((f) => f.endsWith('.sql')).length;
    const [applied] = await query<{ n: string }>(url, 'SELECT count(*) AS n FROM drizzle.__drizzle_migrations');
    expect(applied?.n).toBe(String(migrations));
    // exactly one of them seeded
    const seeded = servers.filter((s) => s.output().includes('demo data seeded: 8 accounts'));
    expect(seeded).toHaveLength(1);
  }, 180_000);

  it('without SEED_DEMO, a production start seeds nothing', async () => {
    const url = await emptyDatabase();
    const server = start({
      DATABASE_URL: url,
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      SMTP_URL: 'smtp://127.0.0.1:1',
      MAIL_FROM: 'ERSA <entries@example.org>',
      PUBLIC_URL: 'https://entries.example.org',
    });
    await server.ready;
    const [users] = await query<{ n: string }>(url, 'SELECT count(*) AS n FROM users');
    expect(users?.n).toBe('0');
    expect(server.output()).not.toContain('Demo sign-ins');
  }, 120_000);

  it('in production with SEED_DEMO, prints random demo passwords once and warns that mail goes to the log', async () => {
    const url = await emptyDatabase();
    const env = {
      DATABASE_URL: url,
      NODE_ENV: 'production',
      JWT_SECRET: SECRET,
      PUBLIC_URL: 'https://entries.example.org',
      SEED_DEMO: 'true',
    };
    const first = start(env);
    const base = await first.ready;
    const output = first.output();

    const warning = output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .find((entry) => entry.msg.startsWith('SMTP_URL is not set'));
    expect(warning?.level).toBe(40); // pino's warn
    expect(output).toContain('Demo sign-ins (random passwords, shown only this once):');
    expect(output).not.toMatch(/Piste#(Super|Admin|Parent|Racer)1/);
    const printed = /superadmin \/ (\S+)/.exec(output)?.[1] ?? '';
    expect(printed).toMatch(/^Dm#/);

    const login = (password: string) =>
      fetch(`${base}/api/v1/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'superadmin', password }),
      });
    expect((await login('Piste#Super1')).status).toBe(401);
    expect((await login(printed)).status).toBe(200);

    // a second start finds the data there and prints no password
    await first.stop();
    const second = start(env);
    await second.ready;
    expect(second.output()).not.toContain('Demo sign-ins');
    expect(second.output()).not.toContain(printed);
  }, 180_000);
});
