/**
 * The entry rush as the browser and Stripe drive it (issue 9; shared by the entry-rush bench,
 * scripts/bench/entry-rush.ts, and the two-instance test, src/server/instances.postgres.test.ts):
 * a race with a few places and many bookers, each of whom reads the cart, starts paying (the
 * hold), confirms the card at the Stripe stand-in (a process of its own), then sends Stripe's
 * signed webhook and the client's own booking call at once.
 */
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { Agent, request } from 'node:http';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { loadConfig } from '../config.ts';
import { type Database, migrateDatabase } from '../db/client.ts';
import { events, users } from '../db/schema.ts';
import { type Booker, makeBookers } from '../payments/test-support.ts';

export const RUSH_PRICE_PENCE = 2500;
export const RUSH_EVENT = 'Rush Race';
const SECRET_KEY = 'sk_test_bench_key';
const WEBHOOK_SECRET = 'whsec_bench_secret';
const signer = new Stripe('sk_test_signer_only');
const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The Stripe stand-in in a process of its own, and the app's settings that point at it. */
export async function startStandInProcess(): Promise<{
  url: string;
  env: Record<string, string>;
  stop: () => Promise<void>;
}> {
  const child = spawn(process.execPath, ['scripts/bench/stripe-stand-in-server.ts', SECRET_KEY], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const kill = () => child.kill('SIGTERM');
  process.once('exit', kill);
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`the stand-in exited with ${code}`)));
  });
  return {
    url,
    env: {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_bench',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: url,
    },
    stop: async () => {
      process.removeListener('exit', kill);
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface PreparedRush {
  eventId: number;
  bookers: Booker[];
  admin: Booker;
}

/** A paid race of `places` places open for entries, and `count` bookers with it in their carts
 * (sessions made in the database: a thousand sign-ins from one address would meet the limits). */
export async function prepareRush(
  database: Database,
  env: Record<string, string>,
  places: number,
  count: number,
): Promise<PreparedRush> {
  await migrateDatabase(database);
  const today = new Date();
  const iso = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  const [event] = await database.db
    .insert(events)
    .values({
      name: RUSH_EVENT,
      slug: `rush-race-${randomBytes(4).toString('hex')}`,
      date: iso(60),
      slopeName: 'Hemel',
      eventType: 'race',
      pricePence: RUSH_PRICE_PENCE,
      quantity: places,
      registrationOpen: iso(-1),
      registrationOpenTime: '00:00',
      registrationClose: iso(30),
      registrationCloseTime: '23:59',
    })
    .returning({ id: events.id });
  if (!event) throw new Error('no event');
  const ctx = { db: database.db, config: loadConfig(env), now: () => new Date() };
  const bookers = await makeBookers({ ctx }, count, [event.id]);
  const [admin] = await makeBookers({ ctx }, 1, []);
  if (!admin) throw new Error('no administrator');
  await database.db.update(users).set({ role: 'admin', adminLevel: 'ADMIN' }).where(eq(users.id, admin.id));
  return { eventId: event.id, bookers, admin };
}

/**
 * One call, on `node:http` with connections kept alive (as a browser keeps one per site): `fetch`
 * cost the load generator ~0.8 ms of CPU per request, on the same cores the app uses; this costs
 * about a third of that (bench/NOTES.md). A connection that fails answers status 0.
 */
export const rushAgent = new Agent({ keepAlive: true, maxSockets: Number.POSITIVE_INFINITY });

export interface Answer {
  status: number;
  ms: number;
  body: string;
}

export function timedFetch(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve) => {
    const failed = (error: unknown) => resolve({ status: 0, ms: performance.now() - started, body: String(error) });
    const headers = {
      ...init.headers,
      ...(init.body ? { 'content-length': String(Buffer.byteLength(init.body)) } : {}),
    };
    const req = request(url, { method: init.method ?? 'GET', headers, agent: rushAgent }, (res) => {
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

/** Where each of a booker's calls goes: the browser's through `app`; Stripe's webhook and the
 * client's booking call may be sent to different instances. `retries`: how many times a 502 (a
 * proxy whose instance died under the request) or a failed connection is tried again after
 * `retryWaitMs`, as a browser's script and Stripe do; 0 in the bench. */
export interface RushRoutes {
  app: string;
  webhook: string;
  client: string;
  stripe: string;
  retries?: number;
  retryWaitMs?: number;
}

export type RushRecord = (call: string, status: number, ms: number, reference?: string) => void;

/** A call tried again after a 502 or a failed connection (each failed try is recorded as
 * `retried`), up to `routes.retries` times. */
async function withRetries(routes: RushRoutes, record: RushRecord, call: () => Promise<Answer>): Promise<Answer> {
  let answer = await call();
  for (let n = 0; n < (routes.retries ?? 0) && (answer.status === 502 || answer.status === 0); n++) {
    record('retried', answer.status, answer.ms);
    await new Promise((r) => setTimeout(r, routes.retryWaitMs ?? 200));
    answer = await call();
  }
  return answer;
}

/** How a booker's rush ended: booked, or not, with the words the last refusal said (issue 36: a
 * family that loses the last place reads that the race is full). */
export interface RushOutcome {
  booked: boolean;
  words: string | null;
}

/** The words of a refusal's JSON (`{ error }`), or its status when it has none. */
function wordsOf(answer: Answer): string {
  try {
    const body = JSON.parse(answer.body) as { error?: unknown };
    if (typeof body.error === 'string') return body.error;
  } catch {
    // not JSON: a proxy's page, a reset connection
  }
  return `status ${answer.status}`;
}

/** Whether a loser's words are the race-full words of `event` ("{event} is full"). */
export const readsFull = (event: string, words: string | null): boolean =>
  words?.startsWith(`${event} is full`) === true;

/** One booker, as the browser goes: read the cart, start paying, pay, and both confirmations. */
export async function rushBooker(
  routes: RushRoutes,
  b: Booker,
  eventId: number,
  record: RushRecord,
): Promise<RushOutcome> {
  const json = { ...b.headers, 'content-type': 'application/json' };
  const cart = await withRetries(routes, record, () =>
    timedFetch(`${routes.app}/api/v1/cart/`, { headers: b.headers }),
  );
  record('cart', cart.status, cart.ms);
  const items = cart.status === 200 ? (JSON.parse(cart.body) as { id: number }[]).map((i) => i.id) : [];
  const start = await withRetries(routes, record, () =>
    timedFetch(`${routes.app}/api/v1/payment/create-payment-intent/`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ amount: (RUSH_PRICE_PENCE / 100).toFixed(2), cart_items: items }),
    }),
  );
  record(start.status === 200 ? 'start (held)' : 'start (refused)', start.status, start.ms);
  if (start.status !== 200) return { booked: false, words: wordsOf(start) };
  const { payment_reference: reference } = JSON.parse(start.body) as { payment_reference: string };
  // the browser's part: the card is confirmed with Stripe
  const confirmed = await timedFetch(`${routes.stripe}/v1/payment_intents/${reference}/confirm`, {
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
    withRetries(routes, record, () =>
      timedFetch(`${routes.webhook}/api/v1/payment/stripe/webhook/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
        },
        body: payload,
      }),
    ),
    withRetries(routes, record, () =>
      timedFetch(`${routes.client}/api/v1/bookings/`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          bookings: [{ product: eventId, participant: b.username }],
          payment_reference: reference,
        }),
      }),
    ),
  ]);
  record('webhook', hook.status, hook.ms, reference);
  record('client confirmation', client.status, client.ms, reference);
  return client.status === 200 ? { booked: true, words: null } : { booked: false, words: wordsOf(client) };
}

/** After the rush, a loser's cart as the checkout reads it: the note on its line for the race
 * (null when the line carries none, or is gone). */
export async function cartNote(routes: RushRoutes, b: Booker, eventId: number): Promise<string | null> {
  const cart = await timedFetch(`${routes.app}/api/v1/cart/`, { headers: b.headers });
  if (cart.status !== 200) return null;
  const line = (JSON.parse(cart.body) as { product: number; note?: string | null }[]).find(
    (i) => i.product === eventId,
  );
  return line?.note ?? null;
}
