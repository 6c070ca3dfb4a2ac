/**
 * A local stand-in for Stripe's API (tests and the bench): the app's real `stripe` SDK is pointed
 * at it through STRIPE_API_URL. It speaks the few calls the app makes (PaymentIntents create,
 * retrieve, cancel; refunds), keeps Stripe's idempotency-key behaviour (the same key answers the
 * same object), and lets a test play the browser's part: confirm an intent with a test card,
 * which succeeds or is declined. Webhook events are built here and signed by the caller with the
 * SDK's own test-header helper.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './stand-in-http.ts';

export interface StandInIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: 'requires_payment_method' | 'succeeded' | 'canceled';
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  created: number;
  livemode: false;
}

export interface StripeStandIn {
  url: string;
  secretKey: string;
  intents: Map<string, StandInIntent>;
  refunds: { id: string; payment_intent: string; amount: number; status: string; failure_reason?: string }[];
  /** The status the next refunds are created with ('succeeded' unless set: 'pending' for a card
   * whose refund takes days). */
  refundStatus: string;
  /** A refund's status changes at Stripe; the event it sends (refund.updated), signed by the test. */
  refundUpdated(id: string, status: string, failureReason?: string): string;
  /** charge.refunded for the intent's charge. */
  chargeRefundedEvent(intent: string): string;
  /** Requests that reached it (method and path), for tests that count calls. */
  calls: string[];
  /** The Idempotency-Key of each POST that carried one, as `path key`. */
  keys: string[];
  /** Plays the browser paying with a test card: pm_card_visa succeeds, pm_card_chargeDeclined is
   * declined (402, as Stripe answers). */
  confirm(id: string, paymentMethod?: string): Promise<{ status: number; body: unknown }>;
  /** A payment_intent.succeeded event for the intent, as Stripe would post it. */
  succeededEvent(id: string, eventId?: string): string;
  /** Forgets everything (between tests: the app's ids, and so its idempotency keys, start again). */
  reset(): void;
  close(): Promise<void>;
}

/** Stripe's form encoding, flat enough for these calls: `metadata[payment_id]=7`. */
function formFields(text: string): { fields: Record<string, string>; metadata: Record<string, string> } {
  const fields: Record<string, string> = {};
  const metadata: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const meta = /^metadata\[(.+)\]$/.exec(key);
    if (meta?.[1]) metadata[meta[1]] = value;
    else fields[key] = value;
  }
  return { fields, metadata };
}

export async function startStripeStandIn(secretKey = 'sk_test_stand_in_key'): Promise<StripeStandIn> {
  const intents = new Map<string, StandInIntent>();
  const refunds: StripeStandIn['refunds'] = [];
  const calls: string[] = [];
  const keys: string[] = [];
  const remembered = new Map<string, { status: number; body: unknown }>();
  let counter = 0;

  const error = (status: number, message: string, code?: string) => ({
    status,
    body: { error: { type: status === 402 ? 'card_error' : 'invalid_request_error', code, message } },
  });

  function handle(method: string, path: string, text: string): { status: number; body: unknown } {
    const { fields, metadata } = formFields(text);
    if (method === 'POST' && path === '/v1/payment_intents') {
      counter += 1;
      const id = `pi_standin_${counter}`;
      const intent: StandInIntent = {
        id,
        object: 'payment_intent',
        amount: Number(fields.amount),
        amount_received: 0,
        currency: fields.currency ?? 'gbp',
        status: 'requires_payment_method',
        client_secret: `${id}_secret_${counter}`,
        description: fields.description ?? null,
        metadata,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(id, intent);
      return { status: 200, body: intent };
    }
    const intentPath = /^\/v1\/payment_intents\/([^/]+)(\/cancel|\/confirm)?$/.exec(path);
    if (intentPath) {
      const intent = intents.get(intentPath[1] ?? '');
      if (!intent) return error(404, `No such payment_intent: '${intentPath[1]}'`, 'resource_missing');
      if (method === 'GET' && !intentPath[2]) return { status: 200, body: intent };
      if (method === 'POST' && intentPath[2] === '/cancel') {
        if (intent.status === 'succeeded') return error(400, 'This PaymentIntent has already succeeded.');
        intent.status = 'canceled';
        return { status: 200, body: intent };
      }
      if (method === 'POST' && intentPath[2] === '/confirm') {
        if (intent.status !== 'requires_payment_method') return error(400, `PaymentIntent is ${intent.status}.`);
        if (fields.payment_method === 'pm_card_chargeDeclined')
          return error(402, 'Your card was declined.', 'card_declined');
        intent.status = 'succeeded';
        intent.amount_received = intent.amount;
        return { status: 200, body: intent };
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const intent = intents.get(fields.payment_intent ?? '');
      if (intent?.status !== 'succeeded') return error(400, 'Nothing to refund.');
      const already = refunds.filter((r) => r.payment_intent === intent.id).reduce((s, r) => s + r.amount, 0);
      const amount = Number(fields.amount ?? intent.amount - already);
      if (amount + already > intent.amount) return error(400, 'Refund is more than the charge.');
      const refund = {
        id: `re_standin_${refunds.length + 1}`,
        object: 'refund',
        payment_intent: intent.id,
        amount,
        status: standIn.refundStatus,
      };
      refunds.push(refund);
      return { status: 200, body: refund };
    }
    const refundPath = /^\/v1\/refunds\/([^/]+)$/.exec(path);
    if (method === 'GET' && refundPath) {
      const refund = refunds.find((r) => r.id === refundPath[1]);
      return refund ? { status: 200, body: { object: 'refund', ...refund } } : error(404, 'No such refund.');
    }
    if (method === 'GET' && path === '/v1/balance') {
      return { status: 200, body: { object: 'balance', available: [], pending: [], livemode: false } };
    }
    return error(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  const server: Server = createServer(async (request, response) => {
    const text = await readBody(request);
    const method = request.method ?? 'GET';
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    calls.push(`${method} ${path}`);
    let answer: { status: number; body: unknown };
    if (request.headers.authorization !== `Bearer ${secretKey}`) {
      answer = error(401, 'Invalid API Key provided.');
    } else {
      const key = request.headers['idempotency-key'];
      if (typeof key === 'string' && method === 'POST') keys.push(`${path} ${key}`);
      const rememberedAnswer = typeof key === 'string' ? remembered.get(`${path}:${key}`) : undefined;
      answer = rememberedAnswer ?? handle(method, path, text);
      if (typeof key === 'string' && method === 'POST') remembered.set(`${path}:${key}`, answer);
    }
    response.writeHead(answer.status, { 'content-type': 'application/json', 'request-id': `req_${calls.length}` });
    response.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const event = (type: string, object: unknown, id: string) =>
    JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: '2025-01-27',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
  const standIn: StripeStandIn = {
    url,
    secretKey,
    intents,
    refunds,
    calls,
    keys,
    refundStatus: 'succeeded',
    refundUpdated(id, status, failureReason) {
      const refund = refunds.find((r) => r.id === id);
      if (!refund) throw new Error(`no refund ${id}`);
      refund.status = status;
      if (failureReason) refund.failure_reason = failureReason;
      return event('refund.updated', { object: 'refund', ...refund }, `evt_standin_${id}_${status}`);
    },
    chargeRefundedEvent(intent) {
      return event(
        'charge.refunded',
        { id: `ch_standin_${intent}`, object: 'charge', payment_intent: intent, refunded: true },
        `evt_standin_ch_${intent}_${refunds.length}`,
      );
    },
    async confirm(id, paymentMethod = 'pm_card_visa') {
      const res = await fetch(`${url}/v1/payment_intents/${id}/confirm`, {
        method: 'POST',
        headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ payment_method: paymentMethod }).toString(),
      });
      return { status: res.status, body: await res.json() };
    },
    succeededEvent(id, eventId = `evt_standin_${id}`) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      return JSON.stringify({
        id: eventId,
        object: 'event',
        type: 'payment_intent.succeeded',
        api_version: '2025-01-27',
        created: Math.floor(Date.now() / 1000),
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: intent },
      });
    },
    reset() {
      intents.clear();
      refunds.length = 0;
      calls.length = 0;
      keys.length = 0;
      remembered.clear();
      standIn.refundStatus = 'succeeded';
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return standIn;
}
