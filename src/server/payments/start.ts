import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { BOOKING_MSG, CART_MSG, personName } from '../../domain/cart/index.ts';
import { formatPrice } from '../../domain/money.ts';
import { amountInPence, HOLD_MINUTES, PAYMENT_MSG, PAYMENT_STARTS_PER_MINUTE } from '../../domain/payments/index.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { hit } from '../db/rate-limits.ts';
import { bookings, paymentLines, payments } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { windowRefusal } from '../events/service.ts';
import { participantsByEvent } from '../people/participants.ts';
import { type EventRow, eventsForStart, lockEvent, moveHeld, placeFree } from '../places/guard.ts';
import { logLines } from '../places/line-log.ts';
import { dropPublicCacheSoon } from '../plugins/public-cache.ts';
import { type CartRow, cartOf } from './cart-lines.ts';
import { logPayment } from './log.ts';
import { holdInOneStatement, PAYMENT_LOCK } from './one-statement.ts';
import type { Provider } from './providers.ts';
import { releaseHeldLines, releasePayment } from './release.ts';

export type PaymentRow = typeof payments.$inferSelect;
/** What a started payment's answer needs of its row. */
type HeldPayment = Pick<PaymentRow, 'id' | 'reference' | 'heldUntil'>;

export interface StartedPayment {
  provider: Provider['name'];
  payment_reference: string;
  clientSecret: string | null;
  publishableKey: string | null;
  amount: string;
  held_until: string;
}

/**
 * Starting a payment (decisions.md → Booking and payment; docs/decisions/0019): the amount is the
 * server's own total of the cart's paid lines (the client's figure must match it, or nothing
 * happens); each line's place is held for HOLD_MINUTES in one transaction under the events' row
 * locks, all or none; then the provider's payment is created with a key derived from the hold.
 * The same cart started again while its hold lasts gets the same payment; a changed cart replaces
 * the user's earlier payment and frees what it held.
 */
export async function startPayment(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  request: { amount: unknown; cartItems: number[] | undefined },
  provider: Provider | null,
): Promise<StartedPayment> {
  if (!provider) throw new AppError('NOT_CONFIGURED', PAYMENT_MSG.notConfigured);
  const lines = (await cartOf(ctx, userId)).filter((r) => r.pricePence > 0);
  if (lines.length === 0) throw new AppError('CONFLICT', PAYMENT_MSG.emptyCart);
  if (
    request.cartItems &&
    !sameSet(
      request.cartItems,
      lines.map((l) => l.id),
    )
  ) {
    throw new AppError('CONFLICT', PAYMENT_MSG.linesChanged);
  }
  const total = lines.reduce((sum, l) => sum + l.pricePence, 0);
  if (amountInPence(request.amount) !== total) {
    throw new AppError('CONFLICT', PAYMENT_MSG.amountChanged(formatPrice(total)), {
      amount: [PAYMENT_MSG.amountChanged(formatPrice(total))],
    });
  }
  // a full event refuses at once: the cheapest answer first, on the night entries open
  const now = ctx.now();
  const { full, rows } = await eventsForStart(
    ctx,
    lines.map((l) => l.eventId),
    userId,
  );
  const refused = lines.find((l) => full.has(l.eventId));
  if (refused) throw fullFor(refused);
  for (const line of lines) {
    const event = rows.get(line.eventId);
    const refusal = event ? windowRefusal(event, now) : null;
    if (refusal) throw new AppError('CONFLICT', `${line.name}: ${refusal}`);
  }
  // the limit protects the providers: only a start that may reach one counts (a full event's or a
  // closed window's refusal is a read, and on the night entries open most starts are refused so)
  const limit = await hit(
    ctx,
    { bucket: 'payment-start', max: PAYMENT_STARTS_PER_MINUTE, windowMs: 60_000 },
    String(userId),
  );
  if (!limit.allowed) throw new AppError('RATE_LIMITED', PAYMENT_MSG.tooManyStarts);
  const heldUntil = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const [first] = lines;
  const fast =
    first && lines.every((l) => l.eventId === first.eventId)
      ? await holdInOneStatement(ctx, {
          userId,
          provider: provider.name,
          eventId: first.eventId,
          lines,
          totalPence: total,
          heldUntil,
        })
      : ({ outcome: 'undecided' } as const);
  if (fast.outcome === 'full' && first) throw fullFor(first);
  if (fast.outcome !== 'held') await checkParticipants(ctx, userId, lines);
  const { payment, replaced } =
    fast.outcome === 'held'
      ? { payment: { id: fast.paymentId, reference: null, heldUntil: fast.heldUntil }, replaced: [] }
      : await ctx.db.transaction(async (tx) => {
          await tx.execute(sql`SELECT pg_advisory_xact_lock(${PAYMENT_LOCK}, ${userId})`);
          return holdPlaces(ctx, tx, userId, provider.name, lines, total);
        });
  for (const old of replaced) {
    const oldProvider = ctx.payments.byName(old.provider);
    if (old.reference && oldProvider) {
      await oldProvider.cancel(old.reference).catch((error: unknown) => {
        log.warn({ paymentId: old.id, err: { message: String(error) } }, 'replaced payment not cancelled');
      });
    }
  }

  let started: { reference: string; clientSecret: string | null };
  try {
    started = await startOnce(provider, {
      paymentId: payment.id,
      userId,
      amountPence: total,
      lines: lines.map((l) => ({
        participant: `${l.firstName} ${l.lastName}`.trim(),
        product: l.name,
        pricePence: l.pricePence,
      })),
    });
  } catch (error) {
    log.error(
      { paymentId: payment.id, err: { message: String((error as Error)?.message ?? error) } },
      'payment start failed',
    );
    await releasePayment(ctx, payment.id, 'cancel');
    await dropPublicCacheSoon(ctx);
    throw new AppError('PROVIDER_FAILED', PAYMENT_MSG.providerFailed);
  }
  if (payment.reference !== started.reference) {
    await ctx.db.update(payments).set({ reference: started.reference }).where(eq(payments.id, payment.id));
  }
  await dropPublicCacheSoon(ctx);
  return {
    provider: provider.name,
    payment_reference: started.reference,
    clientSecret: started.clientSecret,
    publishableKey: provider.name === 'stripe' ? ctx.payments.publishableKey : null,
    amount: formatPrice(total),
    held_until: payment.heldUntil.toISOString(),
  };
}

function fullFor(line: CartRow): AppError {
  return new AppError('CONFLICT', PAYMENT_MSG.full(personName(line), line.name));
}

/** Who is in the cart may still be entered: of the family, an approved racer, not booked. */
async function checkParticipants(ctx: AppContext, userId: number, lines: CartRow[]): Promise<void> {
  const families = await participantsByEvent(
    ctx.db,
    userId,
    lines.map((l) => l.eventId),
  );
  for (const line of lines) {
    const person = families.get(line.eventId)?.find((p) => p.id === line.participantId);
    // a line of the user's own cart: they put this person in it by name
    const who = personName(line);
    if (!person) throw new AppError('CONFLICT', CART_MSG.notFamily(who));
    if (person.status === 'Booked') throw new AppError('CONFLICT', BOOKING_MSG.alreadyBooked(who));
    if (!person.isRacer || person.racerStatus !== 'APPROVED') {
      throw new AppError('CONFLICT', BOOKING_MSG.cannotEnter(who));
    }
  }
}

/** Inside the user's lock: the same payment again, or a new one holding every line's place. */
async function holdPlaces(
  ctx: AppContext,
  tx: Tx,
  userId: number,
  provider: Provider['name'],
  lines: CartRow[],
  total: number,
): Promise<{ payment: HeldPayment; replaced: PaymentRow[] }> {
  const now = ctx.now();
  // payments before events, as settlement takes them: no two transactions wait on each other.
  // Under way: a started payment with a place still held (a line's own hold end decides)
  const active = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.userId, userId),
        eq(payments.status, 'started'),
        inArray(
          payments.id,
          tx
            .select({ id: paymentLines.paymentId })
            .from(paymentLines)
            .where(and(eq(paymentLines.state, 'held'), gt(paymentLines.heldUntil, now))),
        ),
      ),
    )
    .orderBy(payments.id)
    .for('update');
  const activeLines = active.length
    ? await tx
        .select()
        .from(paymentLines)
        .where(
          and(
            inArray(
              paymentLines.paymentId,
              active.map((p) => p.id),
            ),
            eq(paymentLines.state, 'held'),
          ),
        )
    : [];
  const wanted = lines.map((l) => `${l.eventId}:${l.participantId}`);
  const same = active.find(
    (p) =>
      p.provider === provider &&
      p.amountPence === total &&
      sameSet(
        activeLines.filter((l) => l.paymentId === p.id).map((l) => `${l.eventId}:${l.participantId}`),
        wanted,
      ),
  );
  if (same) return { payment: same, replaced: [] };

  // a hold ends 15 minutes after the first start that covered its (event, participant) pair: a
  // line of any payment, in any state, whose end is still ahead carries it over (0028)
  const carried = await holdEnds(tx, lines, now);
  const fresh = new Date(now.getTime() + HOLD_MINUTES * 60_000);
  const endOf = (l: CartRow) => carried.get(`${l.eventId}:${l.participantId}`) ?? fresh;
  const paymentEnd = new Date(Math.min(...lines.map((l) => endOf(l).getTime())));

  const eventIds = [...new Set([...activeLines.map((l) => l.eventId), ...lines.map((l) => l.eventId)])].sort(
    (a, b) => a - b,
  );
  const locked = new Map<number, EventRow>();
  for (const id of eventIds) {
    const event = await lockEvent(tx, id);
    if (event) locked.set(id, event);
  }
  for (const old of active) await releaseHeldLines(tx, old.id, locked, { cause: 'user', actorId: userId });

  const [payment] = await tx
    .insert(payments)
    .values({
      userId,
      provider,
      amountPence: total,
      heldUntil: paymentEnd,
      createdAt: now,
    })
    .returning();
  if (!payment) throw new Error('payment insert returned nothing');
  await logPayment(tx, { paymentId: payment.id, state: 'started', cause: 'user', actorId: userId });
  for (const line of [...lines].sort((a, b) => a.eventId - b.eventId)) {
    const event = locked.get(line.eventId);
    const who = personName(line);
    if (!event) throw new AppError('CONFLICT', PAYMENT_MSG.full(who, line.name));
    const refusal = windowRefusal(event, now);
    if (refusal) throw new AppError('CONFLICT', `${line.name}: ${refusal}`);
    await checkNotHeldOrBooked(tx, event, line.participantId, who, now, userId);
    if (!(await placeFree(tx, event, now))) throw new AppError('CONFLICT', PAYMENT_MSG.full(who, event.name));
    await tx.insert(paymentLines).values({
      paymentId: payment.id,
      eventId: event.id,
      participantId: line.participantId,
      pricePence: line.pricePence,
      heldUntil: endOf(line),
    });
    event.held += 1;
    await moveHeld(tx, event.id, 1);
  }
  await logPayment(tx, {
    paymentId: payment.id,
    state: 'held',
    cause: 'user',
    actorId: userId,
    detail: `${lines.length} place(s) held until ${paymentEnd.toISOString()}`,
  });
  return { payment, replaced: active };
}

/** The hold ends still ahead of the cart's (event, participant) pairs, by `eventId:participantId`. */
async function holdEnds(tx: Tx, lines: CartRow[], now: Date): Promise<Map<string, Date>> {
  const rows = await tx
    .select({
      eventId: paymentLines.eventId,
      participantId: paymentLines.participantId,
      heldUntil: paymentLines.heldUntil,
    })
    .from(paymentLines)
    .where(
      and(
        inArray(
          paymentLines.eventId,
          lines.map((l) => l.eventId),
        ),
        inArray(
          paymentLines.participantId,
          lines.map((l) => l.participantId),
        ),
        gt(paymentLines.heldUntil, now),
      ),
    );
  const ends = new Map<string, Date>();
  for (const r of rows) {
    const key = `${r.eventId}:${r.participantId}`;
    const known = ends.get(key);
    if (r.heldUntil && (!known || r.heldUntil > known)) ends.set(key, r.heldUntil);
  }
  return ends;
}

/** Another family member's payment may hold this participant's place (one hold per participant
 * and event); a lapsed one, or one left by a payment that was cancelled (a line removed from it,
 * its event cancelled), is released here (its hold end carries over to the new line). */
async function checkNotHeldOrBooked(
  tx: Tx,
  event: EventRow,
  participantId: number,
  who: string,
  now: Date,
  userId: number,
) {
  const [booked] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.eventId, event.id), eq(bookings.userId, participantId)));
  if (booked) throw new AppError('CONFLICT', BOOKING_MSG.alreadyBooked(who));
  const [held] = await tx
    .select({
      id: paymentLines.id,
      heldUntil: paymentLines.heldUntil,
      status: payments.status,
      payer: payments.userId,
    })
    .from(paymentLines)
    .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
    .where(
      and(
        eq(paymentLines.eventId, event.id),
        eq(paymentLines.participantId, participantId),
        eq(paymentLines.state, 'held'),
      ),
    );
  if (!held) return;
  const live = held.heldUntil !== null && held.heldUntil > now;
  if (live && held.status === 'started' && held.payer !== userId) {
    throw new AppError('CONFLICT', PAYMENT_MSG.heldElsewhere(who, event.name));
  }
  await tx.update(paymentLines).set({ state: 'released' }).where(eq(paymentLines.id, held.id));
  await logLines(tx, [held.id], 'released', 'user', {
    actorId: userId,
    note: live ? ' (started again)' : ' (hold lapsed)',
  });
  event.held -= 1;
  await moveHeld(tx, event.id, -1);
}

/** One provider call per payment at a time in this process: the same payment started twice at
 * once waits for the first call (across instances the provider's idempotency key does this). */
const inFlight = new Map<number, Promise<{ reference: string; clientSecret: string | null }>>();

function startOnce(provider: Provider, request: Parameters<Provider['start']>[0]) {
  const running = inFlight.get(request.paymentId);
  if (running) return running;
  const call = provider.start(request).finally(() => inFlight.delete(request.paymentId));
  inFlight.set(request.paymentId, call);
  return call;
}

function sameSet<T>(a: T[], b: T[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((x) => right.has(x));
}
