import { createHmac } from 'node:crypto';
import { desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { windowPhase } from '../../domain/events/registration.ts';
import { displayPrice } from '../../domain/money.ts';
import { stripeKeyMode } from '../config-payments.ts';
import type { AppContext } from '../context.ts';
import { events } from '../db/schema.ts';
import { backups } from '../db/schema-operations.ts';
import { AppError } from '../errors.ts';
import { safeError } from '../mail/job.ts';
import type { Provider } from '../payments/providers.ts';
import { smtpTransport } from '../plugins/mail.ts';
import { BACKUP_MAX_AGE_MS } from './conditions.ts';

/** One line of the pre-flight check: green, or a sentence saying what to fix. */
export const PreflightLineSchema = z.object({ name: z.string(), ok: z.boolean(), text: z.string() });
export type PreflightLine = z.infer<typeof PreflightLineSchema>;

/** How long the pre-flight check waits for a provider, the mail server or the webhook address. */
export const PREFLIGHT_TIMEOUT_MS = 10_000;

const line = (name: string, ok: boolean, text: string): PreflightLine => ({ name, ok, text });
const when = (date: Date) => `${date.toISOString().replace('T', ' ').slice(0, 16)} UTC`;

/**
 * The pre-flight check an administrator runs before entries open (issue 25): the payment
 * providers configured and reachable (test mode said so), the webhook proven by a signed test
 * event, the mail server reachable, a recent backup, and for an event its window, places and
 * price. Every line is run; none stops the others.
 */
export async function runPreflight(ctx: AppContext, eventId: number | undefined): Promise<{ lines: PreflightLine[] }> {
  const event = eventId === undefined ? null : await eventLines(ctx, eventId);
  const lines = await Promise.all([
    cardLine(ctx),
    ...(ctx.config.payments.stripe ? [webhookLine(ctx)] : []),
    walletLine(ctx),
    mailLine(ctx),
    backupLine(ctx),
  ]);
  return { lines: [...lines, ...(event ?? [])] };
}

/** A provider's cheap authenticated call, limited in time: null when it answered, else why not. */
async function probe(provider: Provider | null): Promise<string | null> {
  if (!provider?.probe) return 'it has no check';
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${PREFLIGHT_TIMEOUT_MS / 1000} s`)), PREFLIGHT_TIMEOUT_MS);
  });
  try {
    await Promise.race([provider.probe(), timeout]);
    return null;
  } catch (error) {
    const status = (error as { statusCode?: unknown }).statusCode;
    const reason = safeError(error).replace(/\.$/, '');
    return reason || (typeof status === 'number' ? `it answered ${status}` : 'it failed without a reason');
  } finally {
    clearTimeout(timer);
  }
}

/** A payment provider's line: not set up (the demo provider standing in outside production), or
 * its mode and whether it answered its cheap authenticated call. */
async function providerLine(
  ctx: AppContext,
  provider: 'stripe' | 'paypal',
  says: { name: string; keys: string; mode: string | null; refused: (problem: string) => string; answered: string },
): Promise<PreflightLine> {
  if (says.mode === null) {
    return ctx.config.payments.demo
      ? line(
          says.name,
          true,
          `Test mode: no ${provider === 'stripe' ? 'Stripe' : 'PayPal'} keys, the demo provider stands in (no money moves).`,
        )
      : line(says.name, false, `Not set up: set ${says.keys}.`);
  }
  const problem = await probe(ctx.payments.byName(provider));
  return problem
    ? line(says.name, false, says.refused(problem))
    : line(says.name, true, `${says.mode}; ${says.answered}`);
}

function cardLine(ctx: AppContext): Promise<PreflightLine> {
  const stripe = ctx.config.payments.stripe;
  return providerLine(ctx, 'stripe', {
    name: 'Card payments (Stripe)',
    keys: 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET',
    mode: !stripe
      ? null
      : stripeKeyMode(stripe.secretKey) === 'live'
        ? 'Live keys'
        : 'Test mode (test keys: no money moves)',
    refused: (problem) =>
      `Stripe did not accept the call with STRIPE_SECRET_KEY: ${problem}. Check the key in Stripe's Developers → API keys.`,
    answered: 'Stripe answered.',
  });
}

function walletLine(ctx: AppContext): Promise<PreflightLine> {
  const paypal = ctx.config.payments.paypal;
  return providerLine(ctx, 'paypal', {
    name: 'Wallet payments (PayPal)',
    keys: 'PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET',
    mode: !paypal
      ? null
      : paypal.environment === 'sandbox'
        ? 'Test mode (PayPal sandbox: no money moves)'
        : 'Live (PayPal production)',
    refused: (problem) =>
      `PayPal refused an access token for PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET (${paypal?.environment}): ${problem}. Check both in PayPal's developer dashboard, and PAYPAL_ENVIRONMENT.`,
    answered: 'PayPal gave an access token.',
  });
}

/** Stripe's signature over a body, as its webhooks send it (t=…,v1=HMAC-SHA256 of "t.body"). */
export function stripeSignature(secret: string, payload: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  return `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex')}`;
}

/** Signs a test event with STRIPE_WEBHOOK_SECRET and posts it to the webhook address at
 * PUBLIC_URL, as Stripe would: accepted, the address reaches a Piste with this secret
 * (docs/decisions/0033 says what that proves and what it cannot). */
async function webhookLine(ctx: AppContext): Promise<PreflightLine> {
  const name = 'Stripe webhook';
  const secret = ctx.config.payments.stripe?.webhookSecret ?? '';
  const address = `${ctx.config.publicUrl}/api/v1/payment/stripe/webhook/`;
  const payload = JSON.stringify({
    id: `evt_preflight_${Date.now()}`,
    object: 'event',
    type: 'piste.preflight',
    data: { object: {} },
  });
  try {
    const res = await fetch(address, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': stripeSignature(secret, payload, ctx.now()) },
      body: payload,
      signal: AbortSignal.timeout(PREFLIGHT_TIMEOUT_MS),
    });
    if (res.ok) return line(name, true, `A test event signed with STRIPE_WEBHOOK_SECRET was accepted at ${address}.`);
    return line(
      name,
      false,
      res.status === 400
        ? `${address} refused a test event signed with this site's STRIPE_WEBHOOK_SECRET: the site answering there has another secret. Set the same STRIPE_WEBHOOK_SECRET on every instance.`
        : `${address} answered ${res.status} to a signed test event: check that PUBLIC_URL is this site's address and the proxy passes /api/ to it.`,
    );
  } catch (error) {
    return line(
      name,
      false,
      `${address} could not be reached from the server (${safeError((error as { cause?: unknown }).cause ?? error)}): check PUBLIC_URL and that the address answers from the server itself.`,
    );
  }
}

async function mailLine(ctx: AppContext): Promise<PreflightLine> {
  const name = 'Mail server';
  if (!ctx.config.smtpUrl) {
    return line(
      name,
      false,
      'SMTP_URL is not set: no e-mail is sent (receipts, password resets). Set SMTP_URL and MAIL_FROM.',
    );
  }
  const transport = smtpTransport(ctx.config.smtpUrl, PREFLIGHT_TIMEOUT_MS);
  try {
    await transport.verify();
    return line(name, true, `The mail server in SMTP_URL answered; mail goes from ${ctx.config.mailFrom}.`);
  } catch (error) {
    return line(
      name,
      false,
      `The mail server in SMTP_URL did not accept a connection: ${safeError(error)}. Check SMTP_URL (host, port, user, password).`,
    );
  } finally {
    transport.close();
  }
}

async function backupLine(ctx: AppContext): Promise<PreflightLine> {
  const name = 'Backup';
  const [last] = await ctx.db
    .select({ at: backups.finishedAt, bytes: backups.bytes })
    .from(backups)
    .where(eq(backups.status, 'done'))
    .orderBy(desc(backups.finishedAt))
    .limit(1);
  if (last?.at && ctx.now().getTime() - last.at.getTime() < BACKUP_MAX_AGE_MS) {
    return line(name, true, `Last backup ${when(last.at)}.`);
  }
  const lastText = last?.at ? `the last was ${when(last.at)}` : 'there has never been one';
  return line(
    name,
    false,
    `No backup in the last 24 hours (${lastText}): run npm run backup now, and schedule it daily.`,
  );
}

/** The event's registration window, places and price, shown so the administrator reads them. */
async function eventLines(ctx: AppContext, eventId: number): Promise<PreflightLine[]> {
  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw AppError.notFound();
  const window = `${event.registrationOpen ?? '?'} ${event.registrationOpenTime ?? '?'} to ${event.registrationClose ?? '?'} ${event.registrationCloseTime ?? '?'} (London time)`;
  const phase = windowPhase(
    {
      event_type: event.eventType,
      registration_open: event.registrationOpen,
      registration_open_time: event.registrationOpenTime,
      registration_close: event.registrationClose,
      registration_close_time: event.registrationCloseTime,
      quantity: event.quantity,
      booked_quantity: event.booked,
      is_cancelled: event.cancelledAt !== null,
    },
    ctx.now(),
  );
  const lines: PreflightLine[] = [];
  if (event.cancelledAt)
    lines.push(line(`${event.name}: window`, false, 'The event is cancelled: nothing can be booked.'));
  else if (event.eventType !== 'race')
    lines.push(
      line(`${event.name}: window`, false, `The event is of type ${event.eventType}: only races take entries.`),
    );
  else if (phase === null)
    lines.push(
      line(
        `${event.name}: window`,
        false,
        'The registration window is incomplete: set its open and close dates and times.',
      ),
    );
  else if (phase === 'after')
    lines.push(
      line(
        `${event.name}: window`,
        false,
        `The registration window ${window} has closed: move its close date if entries should be taken.`,
      ),
    );
  else
    lines.push(
      line(`${event.name}: window`, true, `${phase === 'open' ? 'Open now' : 'Opens in the future'}: ${window}.`),
    );
  const left = event.quantity - event.booked - event.held;
  lines.push(
    event.quantity > 0
      ? line(
          `${event.name}: places`,
          true,
          `${event.quantity} places (${event.booked} booked, ${event.held} held, ${left} left).`,
        )
      : line(`${event.name}: places`, false, 'The event has 0 places: set its number of places.'),
  );
  lines.push(
    line(`${event.name}: price`, true, `${displayPrice(event.pricePence)} per entry: check it is as intended.`),
  );
  return lines;
}
