/**
 * Two instances behind nginx on one PostgreSQL database (issue 25, "Several instances";
 * docs/decisions/0035-several-instances.md), each its own process in production mode with
 * TRUST_PROXY=1, the real Stripe SDK pointed at the stand-in in a process of its own, nginx
 * (Debian's) started by the test with its own configuration (test/nginx.ts). api-postgres only.
 *
 * - An entry rush through nginx, 200 bookers for 30 places, each booker's webhook and client
 *   confirmation sent straight to DIFFERENT instances: exactly 30 booked, once each, none held,
 *   no booking without its payment.
 * - A second rush during which one instance is killed (SIGKILL): requests in flight there may get
 *   nginx's 502, and are tried again after a short wait as the browser's script and Stripe do;
 *   nothing acknowledged is lost, nothing oversold.
 * - Meanwhile: a file uploaded through one instance is served by the other, an edit through one is
 *   read through the other within 500 ms (NOTIFY), and a per-address limit is shared.
 */
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './db/client.ts';
import type { Booker } from './payments/test-support.ts';
import { databaseUrl, withClient } from './test/databases.ts';
import { type PreparedRush, prepareRush, rushAgent, rushBooker, startStandInProcess } from './test/entry-rush.ts';
import { multipart, SAMPLE } from './test/files.ts';
import { freePortIn, type Nginx, startNginx } from './test/nginx.ts';
import { type ServerProcess, startServer } from './test/processes.ts';

const BOOKERS = 200;
const PLACES = 30;
const NAME = `piste_instances_${process.pid}`;
const url = databaseUrl(NAME);

let standIn: Awaited<ReturnType<typeof startStandInProcess>>;
let servers: ServerProcess[] = [];
let bases: string[] = [];
let nginx: Nginx;
let rushes: PreparedRush[] = [];

const rows = <T extends pg.QueryResultRow>(text: string, values: unknown[] = []) =>
  withClient(async (c) => (await c.query<T>(text, values)).rows, url);

beforeAll(async () => {
  await withClient(async (c) => {
    await c.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
    await c.query(`CREATE DATABASE ${NAME}`);
  });
  standIn = await startStandInProcess();
  const port = await freePortIn(5400, 5499);
  const env = {
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    DATABASE_URL: url,
    JWT_SECRET: randomBytes(32).toString('hex'),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    TRUST_PROXY: '1',
    SEED_DEMO: 'false',
    ...standIn.env,
  };
  const database = await openDatabase({ url, poolSize: 2 });
  try {
    rushes = [await prepareRush(database, env, PLACES, BOOKERS), await prepareRush(database, env, PLACES, BOOKERS)];
  } finally {
    await database.close();
  }
  servers = [startServer(env), startServer(env)];
  bases = await Promise.all(servers.map((s) => s.ready));
  nginx = await startNginx(
    port,
    bases.map((b) => b.replace('http://', '')),
  );
}, 120_000);

afterAll(async () => {
  rushAgent.destroy();
  await nginx?.stop();
  await Promise.all(servers.map((s) => s.stop()));
  await standIn?.stop();
  await withClient((c) => c.query(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`));
}, 60_000);

interface Acknowledged {
  statuses: Record<string, number>;
  /** References whose client confirmation answered 200 (booked). */
  booked: Set<string>;
  /** References whose webhook answered 200. */
  paid: Set<string>;
}

async function rush(
  prepared: PreparedRush,
  routes: (b: Booker, i: number) => Parameters<typeof rushBooker>[0],
  duringRush: (answers: number) => void = () => {},
): Promise<Acknowledged> {
  const ack: Acknowledged = { statuses: {}, booked: new Set(), paid: new Set() };
  let answers = 0;
  await Promise.all(
    prepared.bookers.map((b, i) =>
      rushBooker(routes(b, i), b, prepared.eventId, (call, status, _ms, reference) => {
        ack.statuses[`${call} ${status}`] = (ack.statuses[`${call} ${status}`] ?? 0) + 1;
        if (status === 200 && reference && call === 'client confirmation') ack.booked.add(reference);
        if (status === 200 && reference && call === 'webhook') ack.paid.add(reference);
        duringRush(++answers);
      }),
    ),
  );
  return ack;
}

/** The places of the race as the database has them, and what no rush may leave behind. */
async function places(eventId: number) {
  const [event] = await rows<{ booked: number; held: number; quantity: number }>(
    'SELECT booked, held, quantity FROM events WHERE id = $1',
    [eventId],
  );
  const [bookings] = await rows<{ n: number; refs: number }>(
    'SELECT count(*)::int AS n, count(DISTINCT payment_ref)::int AS refs FROM bookings WHERE event_id = $1',
    [eventId],
  );
  const [unpaid] = await rows<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings b WHERE b.event_id = $1 AND NOT EXISTS (
       SELECT 1 FROM payments p WHERE p.reference = b.payment_ref AND p.status = 'succeeded')`,
    [eventId],
  );
  return { ...event, bookings: bookings?.n, paymentRefs: bookings?.refs, withoutPayment: unpaid?.n };
}

/** Every acknowledged booking is there, and every acknowledged payment succeeded. */
async function lost(ack: Acknowledged): Promise<string[]> {
  const refs = [...new Set([...ack.booked, ...ack.paid])];
  const found = await rows<{ reference: string; status: string; bookings: number }>(
    `SELECT p.reference, p.status, (SELECT count(*)::int FROM bookings b WHERE b.payment_ref = p.reference) AS bookings
       FROM payments p WHERE p.reference = ANY($1)`,
    [refs],
  );
  const byRef = new Map(found.map((r) => [r.reference, r]));
  return refs.filter((ref) => {
    const row = byRef.get(ref);
    if (row?.status !== 'succeeded') return true;
    return ack.booked.has(ref) && row.bookings !== 1;
  });
}

describe('two instances behind nginx on one PostgreSQL', () => {
  it('serves through either instance a file uploaded through the other', async () => {
    const [first, second] = bases as [string, string];
    const headers = (rushes[0] as PreparedRush).admin.headers;
    const bytes = Buffer.concat([SAMPLE.pdf, randomBytes(600_000)]);
    const body = multipart({ name: 'Rules' }, { document: { filename: 'rules.pdf', bytes, type: 'application/pdf' } });
    const created = await fetch(`${first}/api/v1/organization-documents/create/`, {
      method: 'POST',
      headers: { ...headers, ...body.headers },
      body: new Uint8Array(body.payload),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const { document } = (await created.json()) as { document: string };
    for (const base of [second, nginx.url, first]) {
      const res = await fetch(`${base}${document}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-length')).toBe(String(bytes.length));
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    }
  });

  it('an edit through one instance is read through the other within 500 ms', async () => {
    const [first, second] = bases as [string, string];
    const headers = { ...(rushes[0] as PreparedRush).admin.headers, 'content-type': 'application/json' };
    const intro = async () =>
      ((await (await fetch(`${second}/api/v1/content/`)).json()) as { home_intro?: string }).home_intro;
    const edit = (text: string) =>
      fetch(`${first}/api/v1/content/update/`, { method: 'PUT', headers, body: JSON.stringify({ home_intro: text }) });
    expect((await edit('Before')).status).toBe(200);
    for (let i = 0; i < 100 && (await intro()) !== 'Before'; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await intro()).toBe('Before');
    expect((await edit('After')).status).toBe(200);
    const started = performance.now();
    while ((await intro()) !== 'After' && performance.now() - started < 3000)
      await new Promise((r) => setTimeout(r, 5));
    const delay = performance.now() - started;
    console.log(`NOTIFY delay between the two instances: ${delay.toFixed(0)} ms`);
    expect(delay).toBeLessThan(500);
  });

  it('shares a per-address limit: 5 password-reset requests a minute through nginx, whichever instance answers', async () => {
    const send = () =>
      fetch(`${nginx.url}/api/v1/password-reset-request/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'nobody12' }),
      });
    for (let i = 0; i < 5; i++) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as { code: string }).code).toBe('RATE_LIMITED');
  });

  it('an entry rush through nginx, webhook and client confirmation on different instances: 30 booked once each, none held', async () => {
    const prepared = rushes[0] as PreparedRush;
    const ack = await rush(prepared, (_b, i) => ({
      app: nginx.url,
      stripe: standIn.url,
      webhook: bases[i % 2] as string,
      client: bases[(i + 1) % 2] as string,
    }));
    const fiveXX = Object.entries(ack.statuses).filter(([k]) => /\s(5\d\d|0)$/.test(k));
    expect(fiveXX).toEqual([]);
    expect(ack.statuses['start (held) 200']).toBe(PLACES);
    expect(await places(prepared.eventId)).toEqual({
      booked: PLACES,
      held: 0,
      quantity: PLACES,
      bookings: PLACES,
      paymentRefs: PLACES,
      withoutPayment: 0,
    });
    expect(ack.booked.size).toBe(PLACES);
    expect(await lost(ack)).toEqual([]);
  }, 60_000);

  it('one instance killed mid-rush: the 502s are tried again, nothing acknowledged is lost, nothing oversold', async () => {
    const prepared = rushes[1] as PreparedRush;
    const victim = servers[1] as ServerProcess;
    const ack = await rush(
      prepared,
      () => ({
        app: nginx.url,
        stripe: standIn.url,
        webhook: nginx.url,
        client: nginx.url,
        retries: 10,
        retryWaitMs: 250,
      }),
      (answers) => {
        // every cart read, twenty payment starts answered: the rest of the starts, and the first
        // webhooks and confirmations, are in flight
        if (answers === BOOKERS + 20) victim.child.kill('SIGKILL');
      },
    );
    expect(victim.child.signalCode).toBe('SIGKILL');
    // nginx saw it die: refused connections, or the requests in flight there reset or cut short
    // (each its 502, tried again); which of them nginx logs depends on where each request was
    expect(await nginx.errors()).toMatch(
      /connect\(\) failed \(111: Connection refused\)|recv\(\) failed \(104: Connection reset by peer\)|upstream prematurely closed/,
    );
    const state = await places(prepared.eventId);
    expect(state.booked).toBeLessThanOrEqual(PLACES);
    expect((state.booked ?? 0) + (state.held ?? 0)).toBeLessThanOrEqual(PLACES);
    expect(state.bookings).toBe(state.booked);
    expect(state.paymentRefs).toBe(state.bookings);
    expect(state.withoutPayment).toBe(0);
    expect(await lost(ack)).toEqual([]);
    // every booker who was told "booked" holds a place; the survivor still answers through nginx
    expect(state.booked).toBeGreaterThanOrEqual(ack.booked.size);
    expect((await fetch(`${nginx.url}/api/v1/version/`)).status).toBe(200);
    console.log(`rush with an instance killed: ${JSON.stringify(ack.statuses)}; ${JSON.stringify(state)}`);
  }, 60_000);
});
