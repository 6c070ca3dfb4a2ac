/**
 * The entry rush (issue 9; DESIGN.md budgets): 1,000 bookers at once for the last 150 places of a
 * paid race, through the calls the browser makes: the cart, the payment start (which holds the
 * places), the card confirmed at the Stripe stand-in (the browser's part), then Stripe's signed
 * webhook and the client's own booking call, both sent, in either order. The app runs as deployed
 * (production mode, its own process, the real Stripe SDK pointed at the stand-in in a third
 * process); the bookers' sessions are made directly in the database before it starts, as a
 * thousand sign-ins from one address would meet the sign-in limits. Meanwhile visitors read the
 * events list as fast as they can, to show what the rush does to it.
 *
 * Reported: time to settle (first request to last answer, every place accounted for: 150 booked,
 * every other attempt refused and nothing left held), places sold, answers by status, p50/p99
 * latency, and the events list's requests per second during the rush.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import { Agent, request } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { loadConfig } from '../../src/server/config.ts';
import { type Database, migrateDatabase, openDatabase } from '../../src/server/db/client.ts';
import { events, users } from '../../src/server/db/schema.ts';
import { type Booker, makeBookers } from '../../src/server/payments/test-support.ts';
import { median } from './http.ts';
import { cpuSeconds, freshPostgres, machineBusySeconds, startApp } from './processes.ts';

export const BOOKERS = Number(process.env.BENCH_RUSH_BOOKERS ?? 1000);
export const PLACES = 150;
export const RUSH_BUDGET_MS = { PGlite: 3_000, PostgreSQL: 1_000 } as const;
const PRICE_PENCE = 2500;
const SECRET_KEY = 'sk_test_bench_key';
const WEBHOOK_SECRET = 'whsec_bench_secret';
const signer = new Stripe('sk_test_signer_only');

export interface RushResult {
  engine: 'PGlite' | 'PostgreSQL';
  settleMs: number;
  sold: number;
  held: number;
  bookingRows: number;
  statuses: Record<string, number>;
  p50Ms: number;
  p99Ms: number;
  /** CPU seconds used during the rush: the whole machine (every core), the app, the load
   * generator (this process, with the events-list readers). */
  cpu: { machine: number; app: number; loadGenerator: number };
  /** Each call's p50 and p99, ms: where the time goes. */
  calls: Record<string, { n: number; p50: number; p99: number }>;
  listPerSecond: number;
  listStatuses: Record<string, number>;
  problems: string[];
}

async function startStandIn(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['scripts/bench/stripe-stand-in-server.ts', SECRET_KEY], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  process.once('exit', () => child.kill('SIGTERM'));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** The race and its bookers, written before the app starts. */
async function prepare(
  database: Database,
  env: Record<string, string>,
): Promise<{ eventId: number; bookers: Booker[]; admin: Booker }> {
  await migrateDatabase(database);
  const today = new Date();
  const iso = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const [event] = await database.db
    .insert(events)
    .values({
      name: 'Rush Race',
      slug: `rush-race-${randomBytes(4).toString('hex')}`,
      date: iso(60),
      slopeName: 'Hemel',
      eventType: 'race',
      pricePence: PRICE_PENCE,
      quantity: PLACES,
      registrationOpen: iso(-1),
      registrationOpenTime: '00:00',
      registrationClose: iso(30),
      registrationCloseTime: '23:59',
    })
    .returning({ id: events.id });
  if (!event) throw new Error('no event');
  const ctx = { db: database.db, config: loadConfig(env), now: () => new Date() };
  const bookers = await makeBookers({ ctx }, BOOKERS, [event.id]);
  const [admin] = await makeBookers({ ctx }, 1, []);
  if (!admin) throw new Error('no administrator');
  await database.db.update(users).set({ role: 'admin', adminLevel: 'ADMIN' }).where(eq(users.id, admin.id));
  return { eventId: event.id, bookers, admin };
}

/**
 * One call of the rush, on `node:http` with connections kept alive (as a browser keeps one per
 * site): `fetch` cost the load generator ~0.8 ms of CPU per request, on the same two cores the
 * app and its database use; this costs about a third of that (bench/NOTES.md).
 */
const agent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

function timedFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; ms: number; body: string }> {
  const started = performance.now();
  return new Promise((resolve) => {
    const failed = (error: unknown) => resolve({ status: 0, ms: performance.now() - started, body: String(error) });
    const headers = {
      ...init.headers,
      ...(init.body ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
    };
    const req = request(url, { method: init.method ?? 'GET', headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', failed);
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          ms: performance.now() - started,
          body: Buffer.concat(chunks).toString(),
        }),
      );
    });
    req.on('error', failed);
    req.end(init.body);
  });
}

/** One booker, as the browser goes: read the cart, start paying, pay, and both confirmations. */
async function booker(
  app: string,
  stripe: string,
  b: Booker,
  eventId: number,
  record: (call: string, s: number, ms: number) => void,
) {
  const json = { ...b.headers, 'content-type': 'application/json' };
  const cart = await timedFetch(`${app}/api/v1/cart/`, { headers: b.headers });
  record('cart', cart.status, cart.ms);
  const items = cart.status === 200 ? (JSON.parse(cart.body) as { id: number }[]).map((i) => i.id) : [];
  const start = await timedFetch(`${app}/api/v1/payment/create-payment-intent/`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ amount: (PRICE_PENCE / 100).toFixed(2), cart_items: items }),
  });
  record(start.status === 200 ? 'start (held)' : 'start (refused)', start.status, start.ms);
  if (start.status !== 200) return;
  const { payment_reference: reference } = JSON.parse(start.body) as { payment_reference: string };
  // the browser's part: the card is confirmed with Stripe
  const confirmed = await timedFetch(`${stripe}/v1/payment_intents/${reference}/confirm`, {
    method: 'POST',
    headers: { authorization: `Bearer ${SECRET_KEY}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: 'payment_method=pm_card_visa',
  });
  const intent: unknown = JSON.parse(confirmed.body);
  const payload = JSON.stringify({
    id: `evt_${reference}`,
    object: 'event',
    type: 'payment_intent.succeeded',
    created: Math.floor(Date.now() / 1000),
    data: { object: intent },
  });
  const [hook, client] = await Promise.all([
    timedFetch(`${app}/api/v1/payment/stripe/webhook/`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    }),
    timedFetch(`${app}/api/v1/bookings/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ bookings: [{ product: eventId, participant: b.username }], payment_reference: reference }),
    }),
  ]);
  record('webhook', hook.status, hook.ms);
  record('client confirmation', client.status, client.ms);
}

async function rush(engine: RushResult['engine'], port: number): Promise<RushResult> {
  const env = {
    NODE_ENV: 'production',
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
  };
  const standIn = await startStandIn();
  const stripeEnv = {
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: standIn.url,
  };
  let app: Awaited<ReturnType<typeof startApp>>;
  let cleanup = async () => {};
  let prepared: Awaited<ReturnType<typeof prepare>>;
  if (engine === 'PGlite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'piste-bench-rush-'));
    const database = await openDatabase({ dataDir: join(dataDir, 'pglite') });
    prepared = await prepare(database, env);
    await database.close();
    app = await startApp(port, { dataDir, env: { ...env, ...stripeEnv, SEED_DEMO: 'false' } });
  } else {
    const fresh = await freshPostgres('piste_bench_rush');
    const url = new URL(fresh.url);
    const database = await openDatabase({ url: url.toString(), poolSize: 4 });
    prepared = await prepare(database, env);
    app = await startApp(port, { env: { ...env, ...stripeEnv, DATABASE_URL: url.toString(), SEED_DEMO: 'false' } });
    cleanup = async () => {
      await database.close();
      await fresh.drop();
    };
  }
  try {
    // warm the app up on reads and one refused start, nothing that takes a place
    for (let i = 0; i < 20; i++) await timedFetch(`${app.url}/api/v1/products/`);
    const statuses: Record<string, number> = {};
    const latencies: number[] = [];
    const byCall: Record<string, number[]> = {};
    const record = (call: string, status: number, ms: number) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      latencies.push(ms);
      byCall[call] = [...(byCall[call] ?? []), ms];
    };
    // visitors reading the events list during the rush
    let rushing = true;
    let listed = 0;
    const listStatuses: Record<string, number> = {};
    const readers = Array.from({ length: Number(process.env.BENCH_RUSH_READERS ?? 10) }, async () => {
      while (rushing) {
        const r = await timedFetch(`${app.url}/api/v1/products/`, { headers: { 'accept-encoding': 'br' } });
        listStatuses[r.status] = (listStatuses[r.status] ?? 0) + 1;
        listed += 1;
      }
    });
    const before = {
      machine: await machineBusySeconds(),
      app: await cpuSeconds(app.pid ?? 0),
      own: process.cpuUsage(),
    };
    const started = performance.now();
    await Promise.all(prepared.bookers.map((b) => booker(app.url, standIn.url, b, prepared.eventId, record)));
    const settleMs = performance.now() - started;
    const own = process.cpuUsage(before.own);
    const cpu = {
      machine: (await machineBusySeconds()) - before.machine,
      app: (await cpuSeconds(app.pid ?? 0)) - before.app,
      loadGenerator: (own.user + own.system) / 1e6,
    };
    rushing = false;
    await Promise.all(readers);
    const listPerSecond = listed / (settleMs / 1000);
    const { booked, held, rows } = await counts(app.url, prepared.eventId, prepared.admin);
    agent.destroy();
    await app.stop();
    latencies.sort((a, b) => a - b);
    const problems: string[] = [];
    if (booked !== PLACES || rows !== PLACES) problems.push(`sold ${booked} (booking rows ${rows}), not ${PLACES}`);
    if (held !== 0) problems.push(`${held} places still held`);
    const fiveXX = Object.entries(statuses).filter(([s]) => Number(s) >= 500 || s === '0');
    if (fiveXX.length) problems.push(`answers ${fiveXX.map(([s, n]) => `${s}×${n}`).join(', ')}`);
    return {
      engine,
      settleMs,
      sold: booked,
      held,
      bookingRows: rows,
      statuses,
      p50Ms: median(latencies),
      p99Ms: percentile(latencies, 0.99),
      cpu,
      calls: Object.fromEntries(
        Object.entries(byCall).map(([call, ms]) => {
          ms.sort((a, b) => a - b);
          return [call, { n: ms.length, p50: median(ms), p99: percentile(ms, 0.99) }];
        }),
      ),
      listPerSecond,
      listStatuses,
      problems,
    };
  } finally {
    await app.stop();
    await standIn.stop();
    await cleanup();
  }
}

/** The p-th fraction of sorted values (nearest rank). */
function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

/** What the app says afterwards: the event's booked and held places (the public list) and its
 * booking rows (the administrators' participant list). The public list is dropped at most
 * `PUBLIC_CACHE_COALESCE_MS` after the last booking (the rush's changes are coalesced, by design),
 * so it is read once that window has passed; the rows are read at once. */
async function counts(app: string, eventId: number, admin: Booker) {
  await new Promise((r) =>
    setTimeout(
      r,
      loadConfig({ PUBLIC_CACHE_COALESCE_MS: process.env.PUBLIC_CACHE_COALESCE_MS }).publicCacheCoalesceMs + 50,
    ),
  );
  const products = (await (await fetch(`${app}/api/v1/products/`)).json()) as {
    id: number;
    booked_quantity: number;
    held_quantity: number;
  }[];
  const event = products.find((p) => p.id === eventId);
  const participants = await fetch(`${app}/api/v1/products/booked-participants/${eventId}/`, {
    headers: admin.headers,
  });
  const rows = participants.ok ? ((await participants.json()) as unknown[]).length : -1;
  return { booked: event?.booked_quantity ?? -1, held: event?.held_quantity ?? -1, rows };
}

export function rushVerdict(r: RushResult): string {
  return r.problems.length === 0 && r.settleMs <= RUSH_BUDGET_MS[r.engine] ? 'PASS' : 'FAIL';
}

export async function benchRush(port: number): Promise<RushResult[]> {
  console.log(`Entry rush: ${BOOKERS} bookers at once for the last ${PLACES} places`);
  const results: RushResult[] = [];
  const engines = (process.env.BENCH_RUSH_ENGINES ?? 'PGlite,PostgreSQL').split(',') as RushResult['engine'][];
  for (const engine of engines) {
    const r = await rush(engine, port);
    results.push(r);
    console.log(
      `${rushVerdict(r).padEnd(5)} ${engine.padEnd(10)} settled in ${(r.settleMs / 1000).toFixed(2)} s (budget ${RUSH_BUDGET_MS[engine] / 1000} s), sold ${r.sold}, held ${r.held}, answers ${JSON.stringify(r.statuses)}, p50 ${r.p50Ms.toFixed(0)} ms, p99 ${r.p99Ms.toFixed(0)} ms, events list ${r.listPerSecond.toFixed(0)} req/s during the rush ${JSON.stringify(r.listStatuses)}${r.problems.length ? `  (${r.problems.join('; ')})` : ''}`,
    );
    console.log(`      per call: ${callSummary(r)}`);
    console.log(`      ${cpuSummary(r)}`);
  }
  return results;
}

function cpuSummary(r: RushResult): string {
  const cores = cpus().length;
  return `CPU during the rush: the machine ${r.cpu.machine.toFixed(1)} s of ${((cores * r.settleMs) / 1000).toFixed(1)} s (${cores} cores), the app ${r.cpu.app.toFixed(1)} s, the load generator ${r.cpu.loadGenerator.toFixed(1)} s`;
}

function callSummary(r: RushResult): string {
  return Object.entries(r.calls)
    .map(([call, c]) => `${call} ×${c.n} p50 ${c.p50.toFixed(0)} / p99 ${c.p99.toFixed(0)} ms`)
    .join('; ');
}

export function rushReport(results: RushResult[]): string[] {
  return [
    '',
    `## Entry rush (${BOOKERS} bookers at once, the last ${PLACES} places)`,
    '',
    "The app as deployed (production mode, its own process), the real Stripe SDK pointed at the stand-in in a third process; each booker reads the cart, starts the payment (the hold), confirms the card at the stand-in, then sends Stripe's signed webhook and the client's booking call at once. Sessions made in the database before the app started. Settled = first request to last answer; afterwards the database is checked: booked, held, booking rows. Ten readers fetch the events list throughout.",
    '',
    '| database | settled in | budget | sold | left held | answers | p50 | p99 | events list during the rush | verdict |',
    '|---|---:|---:|---:|---:|---|---:|---:|---:|---|',
    ...results.map(
      (r) =>
        `| ${r.engine} | ${(r.settleMs / 1000).toFixed(2)} s | ${RUSH_BUDGET_MS[r.engine] / 1000} s | ${r.sold} | ${r.held} | ${Object.entries(
          r.statuses,
        )
          .map(([s, n]) => `${s}: ${n}`)
          .join(
            ', ',
          )} | ${r.p50Ms.toFixed(0)} ms | ${r.p99Ms.toFixed(0)} ms | ${r.listPerSecond.toFixed(0)} req/s | ${rushVerdict(r)}${r.problems.length ? `: ${r.problems.join('; ')}` : ''} |`,
    ),
    '',
    ...results.map((r) => `Per call, ${r.engine}: ${callSummary(r)}. ${cpuSummary(r)}.`),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchRush(Number(process.env.BENCH_PORT ?? 4620));
}
