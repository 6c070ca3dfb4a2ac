/**
 * A stream of bookings and payments against a server process that is killed (SIGKILL) and
 * started again beneath it (issue 25, "Faults"; src/server/kill.test.ts). The bookers go as the
 * browser goes, through the real calls: a free booking, or the cart, the payment start (the hold),
 * the card confirmed at the Stripe stand-in, then Stripe's signed webhook and the client's own
 * booking call. A call that finds no server (connection refused or cut, a 502/503) is tried again
 * once one answers, as a browser's user or Stripe's retries would. Every answer that acknowledges
 * something (a 200 on a free booking, on the client's confirmation, on the webhook) is recorded,
 * for the checks afterwards (booking-invariants.ts). Randomness comes from a seed the test prints.
 */
import Stripe from 'stripe';
import { type ServerProcess, startServer } from './processes.ts';
import type { StripeStandIn } from './stripe-stand-in.ts';

/** A small seeded generator (mulberry32): the same seed, the same run's choices. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A server process that can be killed and started again on the same database. */
export interface Restartable {
  /** The running server's address, once it answers. */
  base(): Promise<string>;
  /** Kills it with SIGKILL and waits for the process to be gone. */
  kill(): Promise<void>;
  /** Starts a new process with the same environment and waits until it answers. */
  start(): Promise<string>;
  /** Resolves once the server has been started `n` times (1: the first start) and answers. */
  started(n: number): Promise<void>;
  /** Stops it with SIGTERM (a clean close: the jobs under way end first). */
  stop(): Promise<void>;
  output(): string;
}

export function restartable(env: Record<string, string>): Restartable {
  let current: ServerProcess | undefined;
  let earlier = '';
  let starts = 0;
  const waiting: { n: number; resolve: () => void }[] = [];
  return {
    base: () => (current ? current.ready : Promise.reject(new Error('not started'))),
    async kill() {
      const child = current?.child;
      if (!child || child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
    async start() {
      earlier += current?.output() ?? '';
      current = startServer(env);
      const base = await current.ready;
      starts += 1;
      for (const w of waiting.filter((w) => w.n <= starts)) w.resolve();
      return base;
    },
    started: (n) => (n <= starts ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ n, resolve }))),
    stop: async () => current?.stop(),
    output: () => earlier + (current?.output() ?? ''),
  };
}

export interface Acks {
  /** Booking ids a 200 on a free booking named, with their event and participant. */
  freeBookings: { id: number; eventId: number; userId: number }[];
  /** Payment references a 200 confirmed (the client's call or the webhook). */
  payments: Set<string>;
}

export interface Answer {
  status: number;
  body: string;
}

const NO_SERVER = new Set([0, 502, 503]);

/** One call, tried again while no server answers it (killed, starting), for up to `patienceMs`. */
export async function callThrough(
  server: Restartable,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
  patienceMs = 60_000,
): Promise<Answer> {
  const deadline = Date.now() + patienceMs;
  for (;;) {
    const answer = await server
      .base()
      .then((base) => fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(10_000) }))
      .then(async (res) => ({ status: res.status, body: await res.text() }))
      .catch((error: unknown) => ({ status: 0, body: String(error) }));
    if (!NO_SERVER.has(answer.status) || Date.now() > deadline) return answer;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface KillBooker {
  id: number;
  username: string;
  headers: { authorization: string };
}

const signer = new Stripe('sk_test_signer_only');

/** A free booking of the booker's own cart line; a 200 acknowledges the bookings it names. */
export async function bookFree(server: Restartable, b: KillBooker, eventId: number, acks: Acks): Promise<void> {
  const answer = await callThrough(server, '/api/v1/bookings/', {
    method: 'POST',
    headers: { ...b.headers, 'content-type': 'application/json' },
    body: JSON.stringify({ bookings: [{ product: eventId, participant: b.username }] }),
  });
  if (answer.status !== 200) return;
  const { booked } = JSON.parse(answer.body) as { booked: { id: number }[] };
  for (const { id } of booked) acks.freeBookings.push({ id, eventId, userId: b.id });
}

/**
 * A paid booking: the cart, the start (which holds the place), the card at the stand-in, then the
 * webhook and the client's call at once. `abandon`: the booker leaves after the start, so the
 * hold stays until it lapses.
 */
export async function bookPaid(
  server: Restartable,
  stripe: StripeStandIn,
  webhookSecret: string,
  b: KillBooker,
  opts: { eventId: number; pricePence: number; abandon: boolean },
  acks: Acks,
): Promise<void> {
  const json = { ...b.headers, 'content-type': 'application/json' };
  const cart = await callThrough(server, '/api/v1/cart/', { headers: b.headers });
  if (cart.status !== 200) return;
  const items = (JSON.parse(cart.body) as { id: number }[]).map((i) => i.id);
  const start = await callThrough(server, '/api/v1/payment/create-payment-intent/', {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ amount: (opts.pricePence / 100).toFixed(2), cart_items: items }),
  });
  if (start.status !== 200 || opts.abandon) return;
  const { payment_reference: reference } = JSON.parse(start.body) as { payment_reference: string };
  const paid = await stripe.confirm(reference);
  if (paid.status !== 200) return;
  const payload = stripe.succeededEvent(reference);
  const [hook, client] = await Promise.all([
    callThrough(server, '/api/v1/payment/stripe/webhook/', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
      },
      body: payload,
    }),
    callThrough(server, '/api/v1/bookings/', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        bookings: [{ product: opts.eventId, participant: b.username }],
        payment_reference: reference,
      }),
    }),
  ]);
  if (hook.status === 200 || client.status === 200) acks.payments.add(reference);
}

/** A random moment in the first KILL_WINDOW_MS after a start: the kills, and the bookers of
 * each stretch between kills, come then. */
export const KILL_WINDOW_MS = 2_500;

/**
 * Kills the server `kills` times, each at a random moment 0.3–2.5 s after it answered, and starts
 * it again; after the last kill `beforeLastStart` runs while it is down.
 */
export async function killAtRandom(
  server: Restartable,
  random: () => number,
  options: { kills: number; beforeLastStart: () => Promise<void> },
): Promise<void> {
  for (let made = 1; made <= options.kills; made++) {
    await server.base();
    await new Promise((r) => setTimeout(r, 300 + random() * (KILL_WINDOW_MS - 300)));
    await server.kill();
    if (made === options.kills) await options.beforeLastStart();
    await server.start();
  }
}
