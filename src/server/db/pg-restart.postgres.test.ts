/**
 * Issue 25, "Faults": PostgreSQL restarted under the running app, and stopped for five seconds
 * then started. The app is its own process on a private cluster (test/private-postgres.ts; never
 * the shared server), a signed-in user keeps reading and writing their profile throughout.
 * Meanwhile every answer is a 200 or the unreachable-database 503 (FAULT_MSG.busy), none a 500,
 * none slower than a few seconds; once the cluster is back the app recovers without a restart:
 * writes succeed, the mail job sends, the payments job repairs a drifted counter.
 */
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULT_MSG } from '../../domain/faults.ts';
import { loadConfig } from '../config.ts';
import { queueMail } from '../mail/outbox.ts';
import { PAYMENT_JOB_MS } from '../payments/jobs.ts';
import { type Booker, makeBookers } from '../payments/test-support.ts';
import { builtEmailsWebDist } from '../test/built-emails.ts';
import { type PrivatePostgres, startPrivatePostgres } from '../test/private-postgres.ts';
import { type ServerProcess, startServer } from '../test/processes.ts';
import { CONNECT_TIMEOUT_MS, type Database, isDatabaseUnreachable, migrateDatabase, openDatabase } from './client.ts';
import { events, mailOutbox } from './schema.ts';

/** The private cluster's port (this part's range, 5500-5599). */
const PORT = 5544;
/** The slowest answer allowed while the database is away: the pool's connect timeout and a margin. */
const SLOWEST_MS = CONNECT_TIMEOUT_MS + 3_000;

let cluster: PrivatePostgres;
let app: ServerProcess;
let base: string;
let user: Booker;
let eventId: number;

/** A short-lived connection of the test's own (the cluster goes away between uses). */
async function withDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase({ url: cluster.url('piste'), poolSize: 1 });
  try {
    return await work(database);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  cluster = await startPrivatePostgres(PORT);
  const admin = new pg.Client({ connectionString: cluster.url() });
  await admin.connect();
  await admin.query('CREATE DATABASE piste');
  await admin.end();
  const env = { DATABASE_URL: cluster.url('piste'), JWT_SECRET: randomBytes(32).toString('hex') };
  await withDatabase(async (database) => {
    await migrateDatabase(database);
    const ctx = { db: database.db, config: loadConfig(env), now: () => new Date() };
    [user] = (await makeBookers({ ctx }, 1, [])) as [Booker];
    const [event] = await database.db
      .insert(events)
      .values({
        name: 'Restart Race',
        slug: 'restart-race',
        date: '2030-02-14',
        slopeName: 'Hemel',
        eventType: 'race',
        quantity: 10,
      })
      .returning({ id: events.id });
    eventId = event?.id ?? 0;
  });
  // the mail sent after the outage is rendered by the built templates
  app = startServer({ ...env, SEED_DEMO: 'false', LOG_LEVEL: 'warn', WEB_DIST: await builtEmailsWebDist() });
  base = await app.ready;
}, 120_000);

afterAll(async () => {
  await app?.stop();
  cluster?.destroy();
});

interface Answer {
  kind: 'read' | 'write';
  status: number;
  ms: number;
  body: string;
  at: number;
}

/** The user reading and writing their profile, one request after another, until stopped. */
function stream(): { answers: Answer[]; stop: () => Promise<void> } {
  const answers: Answer[] = [];
  let going = true;
  const one = async (kind: Answer['kind'], n: number) => {
    const started = Date.now();
    const init =
      kind === 'read'
        ? { headers: user.headers }
        : {
            method: 'PUT',
            headers: { ...user.headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              email: `${user.username}@example.com`,
              contact_number: `07700 9${String(n % 100_000).padStart(5, '0')}`,
              emergency_contact_name: 'Sam Hill',
              emergency_contact_number: '+44 1632 960001',
              se_reg_number: '7654321',
            }),
          };
    const answer = await fetch(`${base}/api/v1/profile/`, { ...init, signal: AbortSignal.timeout(20_000) })
      .then(async (res) => ({ status: res.status, body: await res.text() }))
      .catch((error: unknown) => ({ status: 0, body: String(error) }));
    answers.push({ kind, ...answer, ms: Date.now() - started, at: Date.now() });
  };
  const loop = (async () => {
    for (let n = 0; going; n++) await one(n % 2 === 0 ? 'read' : 'write', n);
  })();
  return {
    answers,
    stop: async () => {
      going = false;
      await loop;
    },
  };
}

/** Waits until `check` is true, or fails naming `what` after `ms`. */
async function until(what: string, ms: number, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s\n${app.output()}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every answer a 200 or the unreachable-database 503, none slower than SLOWEST_MS. */
function expectNoFaultsBut503(answers: Answer[]): void {
  const shown = (a: Answer) => `${a.kind} ${a.status} in ${a.ms} ms: ${a.body.slice(0, 200)}`;
  for (const a of answers) {
    expect([200, 503], shown(a)).toContain(a.status);
    if (a.status === 503) expect(JSON.parse(a.body), shown(a)).toEqual({ error: FAULT_MSG.busy, code: 'UNAVAILABLE' });
    expect(a.ms, shown(a)).toBeLessThan(SLOWEST_MS);
  }
}

/** Writes succeed again after `since`, within 15 s. */
async function expectWritesBack(answers: Answer[], since: number): Promise<void> {
  await until('a write after the database came back', 15_000, () =>
    answers.some((a) => a.kind === 'write' && a.status === 200 && a.at > since),
  );
}

describe('PostgreSQL restarted under the app', () => {
  it('a restart: nothing but 200s and 503s, none hung, writes succeed again', async () => {
    const s = stream();
    await until('answers before the restart', 10_000, () => s.answers.filter((a) => a.status === 200).length >= 4);
    await cluster.restart();
    const back = Date.now();
    await expectWritesBack(s.answers, back);
    await s.stop();
    expectNoFaultsBut503(s.answers);
  }, 60_000);

  it('stopped for 5 s then started: 503s meanwhile, none hung; then writes, mail and the payments job again', async () => {
    const s = stream();
    await until('answers before the stop', 10_000, () => s.answers.filter((a) => a.status === 200).length >= 4);
    await cluster.stop();
    const stopped = Date.now();
    await new Promise((r) => setTimeout(r, 5_000));
    await cluster.start();
    const back = Date.now();
    await expectWritesBack(s.answers, back);
    await s.stop();
    expectNoFaultsBut503(s.answers);
    const away = s.answers.filter((a) => a.at > stopped && a.at < back);
    expect(away.filter((a) => a.kind === 'read' && a.status === 503).length).toBeGreaterThan(0);
    expect(away.filter((a) => a.kind === 'write' && a.status === 503).length).toBeGreaterThan(0);

    // the mail job sends again (within its period: nothing in this process nudges it)
    await withDatabase((d) =>
      queueMail(d.db, {
        template: 'racer-decided',
        to: 'parent@example.com',
        data: { approved: true, name: 'Sam Hill', racerId: 7 },
      }),
    );
    await until('the mail job sent the mail queued after the outage', 15_000, async () => {
      const rows = await withDatabase((d) => d.db.select().from(mailOutbox));
      return rows.length === 1 && rows[0]?.status === 'sent';
    });
    // the payments job runs again: a counter put out of line is repaired at its next run
    await withDatabase((d) => d.db.update(events).set({ held: 1 }).where(eq(events.id, eventId)));
    await until('the payments job repaired the held counter', PAYMENT_JOB_MS + 15_000, async () => {
      const [event] = await withDatabase((d) => d.db.select().from(events).where(eq(events.id, eventId)));
      return event?.held === 0;
    });
  }, 120_000);

  it('a connection ended by the server between two statements of a transaction fails that transaction as unreachable, and the next query works', async () => {
    // what a restart does to a transaction whose JavaScript is running: unheard, the client's
    // 'error' event crashed the process
    await withDatabase(async (d) => {
      const failed = await d.db
        .transaction(async (tx) => {
          const [row] = (
            (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as { rows: { pid: number }[] }
          ).rows;
          const admin = new pg.Client({ connectionString: cluster.url() });
          await admin.connect();
          await admin.query('select pg_terminate_backend($1)', [row?.pid]);
          await admin.end();
          await new Promise((r) => setTimeout(r, 300));
          await tx.execute(sql`select 1`);
        })
        .then(() => null)
        .catch((error: unknown) => error);
      expect(isDatabaseUnreachable(failed), String(failed)).toBe(true);
      expect(((await d.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
    });
  });
});
