import { and, asc, eq, inArray, lte, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { cartItems, paymentLines, payments } from '../db/schema.ts';
import { type EventRow, lockEvent, moveHeld } from '../places/guard.ts';
import { logLines } from '../places/line-log.ts';
import { giveFreedPlacesOf } from '../places/waiting-list.ts';
import { dropPublicCacheSoon } from '../plugins/public-cache.ts';
import { logPayment, type PaymentLogCause } from './log.ts';

/** A provider payment to cancel once the transaction that decided it has committed. */
export interface OpenPayment {
  id: number;
  provider: 'stripe' | 'paypal' | 'demo';
  reference: string | null;
}

/**
 * Releases held payment lines at once and cancels the payments they belong to (docs/decisions/
 * 0028): the caller holds the payments' locks and then the events' (in id order, as every writer
 * takes them). The payments' other lines keep their holds (and their hold end, which a new start
 * carries over). Returns the started payments it cancelled, for the provider after commit.
 */
async function releaseLines(
  tx: Tx,
  lineIds: number[],
  paymentIds: number[],
  who: { cause: PaymentLogCause; actorId: number | null; note: string },
): Promise<OpenPayment[]> {
  const released = lineIds.length
    ? await tx
        .update(paymentLines)
        .set({ state: 'released' })
        .where(and(inArray(paymentLines.id, lineIds), eq(paymentLines.state, 'held')))
        .returning({ id: paymentLines.id, eventId: paymentLines.eventId })
    : [];
  for (const [eventId, n] of perEvent(released)) await moveHeld(tx, eventId, -n);
  await logLines(
    tx,
    released.map((r) => r.id),
    'released',
    who.cause,
    { actorId: who.actorId, note: who.note },
  );
  if (paymentIds.length === 0) return [];
  const canceled = await tx
    .update(payments)
    .set({ status: 'canceled' })
    .where(and(inArray(payments.id, paymentIds), eq(payments.status, 'started')))
    .returning({ id: payments.id, provider: payments.provider, reference: payments.reference });
  for (const c of canceled) {
    await logPayment(tx, {
      paymentId: c.id,
      state: 'canceled',
      cause: who.cause,
      actorId: who.actorId,
      detail: who.note.trim(),
    });
  }
  return canceled;
}

async function lockInOrder(tx: Tx, paymentIds: number[], eventIds: number[]): Promise<Map<number, EventRow>> {
  if (paymentIds.length) {
    await tx
      .select({ id: payments.id })
      .from(payments)
      .where(inArray(payments.id, paymentIds))
      .orderBy(asc(payments.id))
      .for('update');
  }
  const locked = new Map<number, EventRow>();
  for (const id of [...new Set(eventIds)].sort((a, b) => a - b)) {
    const event = await lockEvent(tx, id);
    if (event) locked.set(id, event);
  }
  return locked;
}

/** Cancels the provider payments after commit, best effort: a failure is logged (the payment is
 * cancelled here; if it completes anyway, settlement refunds what it may no longer book). */
export async function cancelAtProviders(ctx: AppContext, log: FastifyBaseLogger, open: OpenPayment[]): Promise<void> {
  for (const p of open) {
    const provider = ctx.payments.byName(p.provider);
    if (!p.reference || !provider) continue;
    await provider.cancel(p.reference).catch((error: unknown) => {
      log.warn(
        { paymentId: p.id, err: { message: String((error as Error)?.message ?? error) } },
        'payment not cancelled at the provider',
      );
    });
  }
}

/**
 * Removes cart lines (one, or the whole cart) and, in the same transaction, releases the places
 * the user's payments hold for them and cancels those payments (decisions.md: removing a line or
 * clearing the cart releases its hold at once and cancels any payment still open for it). The
 * payments first, then the events, then the cart lines, as settlement takes them. Returns the
 * removed lines' count.
 */
export async function removeCartLines(
  ctx: AppContext,
  log: FastifyBaseLogger,
  userId: number,
  which: { id: number } | 'all',
): Promise<number> {
  const mine = and(eq(cartItems.ownerId, userId), which === 'all' ? undefined : eq(cartItems.id, which.id));
  const { removed, open, touched } = await ctx.db.transaction(async (tx) => {
    const items = await tx.select().from(cartItems).where(mine);
    if (items.length === 0) return { removed: 0, open: [], touched: false };
    const pairs = new Set(items.map((i) => `${i.eventId}:${i.participantId}`));
    // the user's payments covering these lines: a started one (open at the provider), or one that
    // still holds a place for them
    const candidates = (
      await tx
        .select({
          id: paymentLines.id,
          paymentId: paymentLines.paymentId,
          eventId: paymentLines.eventId,
          participantId: paymentLines.participantId,
          state: paymentLines.state,
        })
        .from(paymentLines)
        .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
        .where(
          and(
            eq(payments.userId, userId),
            or(eq(payments.status, 'started'), eq(paymentLines.state, 'held')),
            inArray(
              paymentLines.eventId,
              items.map((i) => i.eventId),
            ),
          ),
        )
    ).filter((l) => pairs.has(`${l.eventId}:${l.participantId}`));
    const paymentIds = [...new Set(candidates.map((c) => c.paymentId))];
    await lockInOrder(
      tx,
      paymentIds,
      candidates.map((c) => c.eventId),
    );
    const gone = await tx.delete(cartItems).where(mine).returning({ id: cartItems.id });
    const open = await releaseLines(
      tx,
      candidates.filter((c) => c.state === 'held').map((c) => c.id),
      paymentIds,
      { cause: 'user', actorId: userId, note: ' (removed from the cart)' },
    );
    await giveFreedPlacesOf(
      tx,
      candidates.map((c) => c.eventId),
      ctx.now(),
    );
    return { removed: gone.length, open, touched: candidates.length > 0 };
  });
  await cancelAtProviders(ctx, log, open);
  if (touched) await dropPublicCacheSoon(ctx);
  return removed;
}

/**
 * An event being cancelled (the caller's transaction marks it): its held places are released and
 * the payments holding them cancelled (decisions.md). Returns the started payments cancelled, for
 * the provider after commit. The payments' locks first, then the event's.
 */
export async function releaseEventHolds(tx: Tx, eventId: number, adminId: number | null): Promise<OpenPayment[]> {
  const held = await tx
    .select({ id: paymentLines.id, paymentId: paymentLines.paymentId })
    .from(paymentLines)
    .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
    .where(and(eq(paymentLines.eventId, eventId), or(eq(paymentLines.state, 'held'), eq(payments.status, 'started'))));
  const paymentIds = [...new Set(held.map((h) => h.paymentId))];
  await lockInOrder(tx, paymentIds, [eventId]);
  const lines = paymentIds.length
    ? await tx
        .select({ id: paymentLines.id })
        .from(paymentLines)
        .where(and(eq(paymentLines.eventId, eventId), eq(paymentLines.state, 'held')))
    : [];
  return releaseLines(
    tx,
    lines.map((l) => l.id),
    paymentIds,
    { cause: 'admin', actorId: adminId, note: ' (event cancelled)' },
  );
}

/** Frees the places a payment still holds (its events locked by the caller) and, when asked,
 * marks it cancelled unless it has completed meanwhile. `lapsedAt`: only the lines whose own hold
 * ended by then (the job; the payment stays as it is: it may still be paid, and is then settled
 * with whatever places are left). Every change is logged with its cause. */
export async function releaseHeldLines(
  tx: Tx,
  paymentId: number,
  locked: Map<number, EventRow>,
  options: { cancel?: boolean; lapsedAt?: Date; cause: PaymentLogCause; actorId?: number | null; note?: string },
): Promise<number> {
  const released = await tx
    .update(paymentLines)
    .set({ state: 'released' })
    .where(
      and(
        eq(paymentLines.paymentId, paymentId),
        eq(paymentLines.state, 'held'),
        options.lapsedAt ? lte(paymentLines.heldUntil, options.lapsedAt) : undefined,
      ),
    )
    .returning({ id: paymentLines.id, eventId: paymentLines.eventId });
  for (const [eventId, n] of perEvent(released)) {
    const event = locked.get(eventId);
    if (event) event.held -= n;
    await moveHeld(tx, eventId, -n);
  }
  await logLines(
    tx,
    released.map((r) => r.id),
    'released',
    options.cause,
    { actorId: options.actorId ?? null, note: options.note ?? (options.lapsedAt ? ' (hold lapsed)' : '') },
  );
  if (options.cancel ?? !options.lapsedAt) {
    const canceled = await tx
      .update(payments)
      .set({ status: 'canceled' })
      .where(and(eq(payments.id, paymentId), eq(payments.status, 'started')))
      .returning({ id: payments.id });
    if (canceled.length > 0) {
      await logPayment(tx, { paymentId, state: 'canceled', cause: options.cause, actorId: options.actorId ?? null });
    }
  }
  return released.length;
}

/** Gives a payment's places back: cancelled (the provider could not start it) or lapsed (the
 * lines whose own hold ended; the job). The payment row first, then its events in order, as
 * everywhere. Returns how many places came free. */
export async function releasePayment(ctx: AppContext, paymentId: number, why: 'cancel' | 'lapse'): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!row || row.status === 'succeeded') return 0;
    if (why === 'cancel' && row.status !== 'started') return 0;
    const now = ctx.now();
    const held = await tx
      .select({ eventId: paymentLines.eventId })
      .from(paymentLines)
      .where(
        and(
          eq(paymentLines.paymentId, paymentId),
          eq(paymentLines.state, 'held'),
          why === 'lapse' ? lte(paymentLines.heldUntil, now) : undefined,
        ),
      );
    if (held.length === 0) return 0;
    const locked = new Map<number, EventRow>();
    for (const id of [...new Set(held.map((h) => h.eventId))].sort((a, b) => a - b)) {
      const event = await lockEvent(tx, id);
      if (event) locked.set(id, event);
    }
    const freed =
      why === 'lapse'
        ? await releaseHeldLines(tx, paymentId, locked, { lapsedAt: now, cause: 'job' })
        : await releaseHeldLines(tx, paymentId, locked, {
            cancel: true,
            cause: 'system',
            note: ' (the provider could not start it)',
          });
    // the races' waiting lists take what they keep (places/waiting-list.ts)
    await giveFreedPlacesOf(tx, locked.keys(), now);
    return freed;
  });
}

/** How many of the lines are on each event. */
function perEvent(lines: { eventId: number }[]): Map<number, number> {
  const counts = new Map<number, number>();
  for (const line of lines) counts.set(line.eventId, (counts.get(line.eventId) ?? 0) + 1);
  return counts;
}
