import { once } from 'node:events';
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { backups } from '../db/schema-operations.ts';
import { WEBHOOK_SECRET } from '../payments/stripe-test-app.ts';
import { OPEN_WINDOW, raceEventRow } from '../people/booked-test-support.ts';
import { signedIn } from '../test/fixtures.ts';
import { bearer, type TestApp, useTestApp } from '../test/helper.ts';
import { type PaypalStandIn, startPaypalStandIn } from '../test/paypal-stand-in.ts';
import { type StripeStandIn, startStripeStandIn } from '../test/stripe-stand-in.ts';

/** A port nothing listens on (taken, then given back). */
async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

type Line = { name: string; ok: boolean; text: string };
async function preflight(t: TestApp, body: object = {}): Promise<Line[]> {
  const admin = await signedIn(t.app, 'admin');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/preflight/',
    headers: bearer(admin.access),
    payload: body,
  });
  expect(res.statusCode).toBe(200);
  return res.json().lines;
}
const byName = (lines: Line[], name: string) => lines.find((l) => l.name === name);

describe('with nothing configured (a trial outside production)', () => {
  const t = useTestApp();
  beforeEach(() => t.clock.set('2026-01-15T12:00:00Z'));

  it('for administrators: a user is refused, anonymous asked to sign in', async () => {
    const user = await signedIn(t.app, 'user');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/preflight/',
      headers: bearer(user.access),
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/admin/preflight/', payload: {} })).statusCode).toBe(401);
  });

  it('says the demo provider stands in (test mode), and what to fix for mail and backups', async () => {
    expect(await preflight(t)).toEqual([
      {
        name: 'Card payments (Stripe)',
        ok: true,
        text: 'Test mode: no Stripe keys, the demo provider stands in (no money moves).',
      },
      {
        name: 'Wallet payments (PayPal)',
        ok: true,
        text: 'Test mode: no PayPal keys, the demo provider stands in (no money moves).',
      },
      {
        name: 'Mail server',
        ok: false,
        text: 'SMTP_URL is not set: no e-mail is sent (receipts, password resets). Set SMTP_URL and MAIL_FROM.',
      },
      {
        name: 'Backup',
        ok: false,
        text: 'No backup in the last 24 hours (there has never been one): run npm run backup now, and schedule it daily.',
      },
    ]);
  });

  it('a backup 23 hours old is green; 25 hours old is red with its time', async () => {
    const at = (hours: number) => new Date(t.clock.now().getTime() - hours * 3_600_000);
    await t.app.ctx.db.insert(backups).values({ finishedAt: at(25), status: 'done', database: 'pglite', archive: 'a' });
    expect(byName(await preflight(t), 'Backup')).toEqual({
      name: 'Backup',
      ok: false,
      text: 'No backup in the last 24 hours (the last was 2026-01-14 11:00 UTC): run npm run backup now, and schedule it daily.',
    });
    await t.app.ctx.db.insert(backups).values({ finishedAt: at(23), status: 'done', database: 'pglite', archive: 'b' });
    expect(byName(await preflight(t), 'Backup')).toEqual({
      name: 'Backup',
      ok: true,
      text: 'Last backup 2026-01-14 13:00 UTC.',
    });
  });

  it('an event: its window (open, in the future, closed, incomplete), its places and its price, shown', async () => {
    const lines = async (values: object) =>
      (await preflight(t, { event_id: await raceEventRow(t.app, values) })).slice(4);
    expect(await lines({ name: 'Open Race', ...OPEN_WINDOW, quantity: 30, booked: 2, held: 1 })).toEqual([
      { name: 'Open Race: window', ok: true, text: 'Open now: 2026-01-10 19:00 to 2026-02-07 18:00 (London time).' },
      { name: 'Open Race: places', ok: true, text: '30 places (2 booked, 1 held, 27 left).' },
      { name: 'Open Race: price', ok: true, text: '£25.00 per entry: check it is as intended.' },
    ]);
    expect((await lines({ name: 'Later', ...OPEN_WINDOW, registrationOpen: '2026-01-20' }))[0]).toEqual({
      name: 'Later: window',
      ok: true,
      text: 'Opens in the future: 2026-01-20 19:00 to 2026-02-07 18:00 (London time).',
    });
    expect((await lines({ name: 'Shut', ...OPEN_WINDOW, registrationClose: '2026-01-12' }))[0]).toEqual({
      name: 'Shut: window',
      ok: false,
      text: 'The registration window 2026-01-10 19:00 to 2026-01-12 18:00 (London time) has closed: move its close date if entries should be taken.',
    });
    const blank = await lines({ name: 'Blank', quantity: 0, pricePence: 0 });
    expect(blank).toEqual([
      {
        name: 'Blank: window',
        ok: false,
        text: 'The registration window is incomplete: set its open and close dates and times.',
      },
      { name: 'Blank: places', ok: false, text: 'The event has 0 places: set its number of places.' },
      { name: 'Blank: price', ok: true, text: 'FREE per entry: check it is as intended.' },
    ]);
    const admin = await signedIn(t.app, 'admin');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/preflight/',
      headers: bearer(admin.access),
      payload: { event_id: 999 },
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('with the providers and the mail server configured', () => {
  const env: Record<string, string> = {};
  const held = {} as { stripe: StripeStandIn; paypal: PaypalStandIn; smtp: SMTPServer; port: number };
  beforeAll(async () => {
    held.stripe = await startStripeStandIn();
    held.paypal = await startPaypalStandIn();
    held.smtp = new SMTPServer({ authOptional: true, disabledCommands: ['STARTTLS'], logger: false });
    held.smtp.listen(0, '127.0.0.1');
    await once(held.smtp.server, 'listening');
    held.port = await freePort();
    Object.assign(env, {
      STRIPE_SECRET_KEY: held.stripe.secretKey,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: held.stripe.url,
      PAYPAL_CLIENT_ID: 'paypal-client-id',
      PAYPAL_CLIENT_SECRET: 'paypal-secret',
      PAYPAL_API_URL: held.paypal.url,
      SMTP_URL: `smtp://127.0.0.1:${(held.smtp.server.address() as { port: number }).port}`,
      MAIL_FROM: 'ERSA <entries@ersa.example>',
      PUBLIC_URL: `http://127.0.0.1:${held.port}`,
    });
  });
  afterAll(async () => {
    await held.stripe?.close();
    await held.paypal?.close();
    await new Promise<void>((resolve) => held.smtp?.close(() => resolve()));
  });
  const t = useTestApp(env);

  it('each green, saying test mode; the webhook proven by a signed test event posted to PUBLIC_URL', async () => {
    // the app answers at its PUBLIC_URL, as behind its proxy
    await t.app.listen({ host: '127.0.0.1', port: held.port });
    const lines = await preflight(t);
    expect(lines.slice(0, 4)).toEqual([
      { name: 'Card payments (Stripe)', ok: true, text: 'Test mode (test keys: no money moves); Stripe answered.' },
      {
        name: 'Stripe webhook',
        ok: true,
        text: `A test event signed with STRIPE_WEBHOOK_SECRET was accepted at http://127.0.0.1:${held.port}/api/v1/payment/stripe/webhook/.`,
      },
      {
        name: 'Wallet payments (PayPal)',
        ok: true,
        text: 'Test mode (PayPal sandbox: no money moves); PayPal gave an access token.',
      },
      {
        name: 'Mail server',
        ok: true,
        text: 'The mail server in SMTP_URL answered; mail goes from ERSA <entries@ersa.example>.',
      },
    ]);
    expect(held.stripe.calls).toContain('GET /v1/balance');
  });
});

describe('with keys the providers refuse, a mail server and a webhook address out of reach', () => {
  const env: Record<string, string> = {};
  const held = {} as { stripe: StripeStandIn; paypal: PaypalStandIn };
  beforeAll(async () => {
    held.stripe = await startStripeStandIn('sk_test_the_real_one');
    held.paypal = await startPaypalStandIn('paypal-client-id', 'the-real-secret');
    const closed = await freePort();
    Object.assign(env, {
      STRIPE_SECRET_KEY: 'sk_test_a_wrong_one',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_stand_in_key',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: held.stripe.url,
      PAYPAL_CLIENT_ID: 'paypal-client-id',
      PAYPAL_CLIENT_SECRET: 'a-wrong-secret',
      PAYPAL_API_URL: held.paypal.url,
      SMTP_URL: `smtp://127.0.0.1:${closed}`,
      PUBLIC_URL: `http://127.0.0.1:${closed}`,
    });
  });
  afterAll(async () => {
    await held.stripe?.close();
    await held.paypal?.close();
  });
  const t = useTestApp(env);

  it('each red with a sentence saying what to fix, and no secret in it', async () => {
    const lines = await preflight(t);
    const port = new URL(t.app.ctx.config.publicUrl).port;
    expect(lines.slice(0, 4).map((l) => [l.name, l.ok])).toEqual([
      ['Card payments (Stripe)', false],
      ['Stripe webhook', false],
      ['Wallet payments (PayPal)', false],
      ['Mail server', false],
    ]);
    expect(lines[0]?.text).toBe(
      "Stripe did not accept the call with STRIPE_SECRET_KEY: Invalid API Key provided. Check the key in Stripe's Developers → API keys.",
    );
    expect(lines[1]?.text).toBe(
      `http://127.0.0.1:${port}/api/v1/payment/stripe/webhook/ could not be reached from the server (connect ECONNREFUSED 127.0.0.1:${port}): check PUBLIC_URL and that the address answers from the server itself.`,
    );
    expect(lines[2]?.text).toMatch(
      /^PayPal refused an access token for PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET \(sandbox\): it answered 401\. Check both in PayPal's developer dashboard, and PAYPAL_ENVIRONMENT\.$/,
    );
    expect(lines[3]?.text).toMatch(
      /^The mail server in SMTP_URL did not accept a connection: .*ECONNREFUSED.*\. Check SMTP_URL \(host, port, user, password\)\.$/,
    );
    const all = JSON.stringify(lines);
    for (const secret of ['sk_test_a_wrong_one', 'a-wrong-secret', WEBHOOK_SECRET]) expect(all).not.toContain(secret);
  });
});
