/**
 * Issue 25, "Faults": the server killed (SIGKILL) in the middle of a stream of bookings and
 * payments, three times at random moments, and started again on the same database each time —
 * the embedded one (same DATA_DIR) in the api-pglite project, PostgreSQL (same database) in
 * api-postgres. A hundred bookers go through the real calls (test/kill-run.ts): fifty after thirty
 * free places, fifty after thirty paid ones through the Stripe stand-in, a few of whom leave after
 * their payment started. The last kill leaves it down past the holds' end (their ends moved 20
 * minutes back in the database), so its payments job lets them go when it starts. Afterwards (test/booking-invariants.ts): every acknowledged booking and payment is
 * there, no place is oversold, no hold is past its end, no confirmed payment lacks its bookings or
 * its refund. The seed is printed; KILL_SEED=<n> runs the same choices again.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from './config.ts';
import { type Database, openDatabase } from './db/client.ts';
import { events } from './db/schema.ts';
import { makeBookers } from './payments/test-support.ts';
import { bookingProblems } from './test/booking-invariants.ts';
import { databaseUrl, TEST_DATABASE_URL, TEST_DB } from './test/databases.ts';
import {
  type Acks,
  bookFree,
  bookPaid,
  KILL_WINDOW_MS,
  killAtRandom,
  restartable,
  seededRandom,
} from './test/kill-run.ts';
import { startStripeStandIn } from './test/stripe-stand-in.ts';

const SEED = Number(process.env.KILL_SEED ?? Math.floor(Math.random() * 2 ** 31));
const KILLS = 3;
const PLACES = 30;
const SEEKERS = 50;
const PRICE_PENCE = 2500;
const WEBHOOK_SECRET = 'whsec_kill_test_secret';

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {});
});

/** The database the server will use, empty but migrated, and how to open it from the test. */
async function freshDatabase(): Promise<{ env: Record<string, string>; open: () => Promise<Database> }> {
  if (TEST_DB === 'postgres') {
    const name = `piste_faults_kill_${process.pid}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
    cleanups.push(async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    });
    const url = databaseUrl(name);
    return { env: { DATABASE_URL: url }, open: () => openDatabase({ url, poolSize: 2 }) };
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'piste-faults-kill-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const snapshot = new Blob([await readFile(inject('pgliteSnapshot'))]);
  let first = true;
  const open = () => {
    const loadDataDir = first ? snapshot : undefined;
    first = false;
    return openDatabase({ dataDir: join(dataDir, 'pglite'), ...(loadDataDir ? { loadDataDir } : {}) });
  };
  return { env: { DATA_DIR: dataDir }, open };
}

/** Two races open now: one free, one paid, PLACES each; SEEKERS bookers with each in their cart. */
async function prepare(database: Database, env: Record<string, string>) {
  const iso = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  const race = (name: string, pricePence: number) => ({
    name,
    slug: `${name.toLowerCase().replace(/ /g, '-')}-${randomBytes(3).toString('hex')}`,
    date: iso(60),
    slopeName: 'Hemel',
    eventType: 'race' as const,
    pricePence,
    quantity: PLACES,
    registrationOpen: iso(-1),
    registrationOpenTime: '00:00',
    registrationClose: iso(30),
    registrationCloseTime: '23:59',
  });
  const [free, paid] = await database.db
    .insert(events)
    .values([race('Free Race', 0), race('Paid Race', PRICE_PENCE)])
    .returning({ id: events.id });
  if (!free || !paid) throw new Error('no events');
  const ctx = { db: database.db, config: loadConfig(env), now: () => new Date() };
  return {
    free: free.id,
    paid: paid.id,
    freeSeekers: await makeBookers({ ctx }, SEEKERS, [free.id]),
    payers: await makeBookers({ ctx }, SEEKERS, [paid.id]),
  };
}

describe(`the server killed mid-rush (${TEST_DB})`, () => {
  it('keeps every acknowledged booking and payment, oversells nothing and lets lapsed holds go', async () => {
    console.log(`kill test seed ${SEED} (KILL_SEED=${SEED} repeats its choices)`);
    const random = seededRandom(SEED);
    const stripe = await startStripeStandIn();
    cleanups.push(() => stripe.close());
    const database = await freshDatabase();
    const env = {
      ...database.env,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      STRIPE_SECRET_KEY: stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_kill',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
    };
    let db = await database.open();
    const race = await prepare(db, env);
    if (TEST_DB === 'pglite') await db.close(); // one process at a time on the embedded database

    const server = restartable(env);
    cleanups.push(() => server.stop());
    await server.start();
    const acks: Acks = { freeBookings: [], payments: new Set() };
    let lapsing = 0;
    // each booker comes at a random moment of a random stretch: before the first kill, between
    // two, or after the last start; those who leave after starting come first, so their holds are
    // there at the last kill
    const arrive = async (stretch: number, delayMs = random() * KILL_WINDOW_MS) => {
      await server.started(stretch + 1);
      await new Promise((r) => setTimeout(r, delayMs));
    };
    const stream = Promise.all([
      ...race.freeSeekers.map(async (b) => {
        await arrive(Math.floor(random() * (KILLS + 1)));
        await bookFree(server, b, race.free, acks);
      }),
      ...race.payers.map(async (b) => {
        const abandon = random() < 0.15;
        await arrive(abandon ? 0 : Math.floor(random() * (KILLS + 1)));
        const opts = { eventId: race.paid, pricePence: PRICE_PENCE, abandon };
        await bookPaid(server, stripe, WEBHOOK_SECRET, b, opts, acks);
      }),
    ]);
    // the last kill leaves the server down past the holds' end: their ends move 20 minutes back
    const beforeLastStart = async () => {
      if (TEST_DB === 'pglite') db = await database.open();
      const moved = await db.db.execute(
        sql`update payment_lines set held_until = held_until - interval '20 minutes' where state = 'held' returning id`,
      );
      lapsing = (moved as unknown as { rows: unknown[] }).rows.length;
      await db.db.execute(
        sql`update payments set held_until = held_until - interval '20 minutes' where status = 'started'`,
      );
      if (TEST_DB === 'pglite') await db.close();
    };
    await killAtRandom(server, random, { kills: KILLS, beforeLastStart });
    await stream;
    // a clean stop: the payments job's first run after the last start has ended
    await server.stop();
    const context = `seed ${SEED}, ${KILLS} kills, ${acks.freeBookings.length} free bookings and ${acks.payments.size} payments acknowledged, ${lapsing} holds lapsing\n${server.output()}`;
    expect(acks.freeBookings.length, context).toBeGreaterThan(0);
    expect(acks.payments.size, context).toBeGreaterThan(0);
    expect(lapsing, context).toBeGreaterThan(0);

    if (TEST_DB === 'pglite') db = await database.open();
    try {
      expect(await bookingProblems(db.db, acks, new Date()), context).toEqual([]);
    } finally {
      await db.close();
    }
  }, 240_000);
});
