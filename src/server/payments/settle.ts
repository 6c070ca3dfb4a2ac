import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { bookings, cartItems, events, paymentLines, payments, users } from '../db/schema.ts';
import { dropPublicCacheSoon } from '../plugins/public-cache.ts';
import { settleInOneStatement } from './one-statement.ts';
import { type EventRow, lockEvent, moveBooked, moveHeld, placeFree } from './places.ts';
import type { ProviderCheck } from './providers.ts';
import { sendReceipt } from './receipt.ts';
import type { PaymentRow } from './start.ts';

export interface SettledLine {
  product: number;
  product_name: string;
  participant: string;
  participant_name: string;
  amount_pence: number;
  state: 'booked' | 'lost';
  booking_id: number | null;
}

export interface Settlement {
  payment: PaymentRow;
  lines: SettledLine[];
  /** True when an earlier call (the webhook or the client) had already settled it. */
  already: boolean;
}

/** Whether what the provider says is this payment, paid in full: the webhook's event and the
 * client's reference both pass here before anything is booked. */
export function confirms(check: ProviderCheck, payment: PaymentRow): boolean {
  return (
    check.paid &&
    check.amountPence === payment.amountPence &&
    check.currency.toUpperCase() === payment.currency &&
    (check.paymentId === null || check.paymentId === payment.id)
  );
}

/**
 * Settles a payment the provider confirmed, exactly once (docs/decisions/0019): under the
 * payment's row lock, each line becomes one booking (its held place turns into a booked one; a
 * line whose hold lapsed takes a free place if one is left), or is lost when no place is left or
 * the participant was booked meanwhile. Lost lines are refunded through the provider. The
 * webhook and the client's call may both arrive, in any order and repeatedly: the second finds
 * the payment settled and answers with the same lines.
 */
export async function settlePayment(
  ctx: AppContext,
  log: FastifyBaseLogger,
  paymentId: number,
  /** What the provider confirmed; null only to read an already settled payment again. */
  check: ProviderCheck | null,
): Promise<Settlement> {
  const fast = check ? await settleInOneStatement(ctx, paymentId, check.captureReference ?? null) : 'undecided';
  const settled = await readSettled(ctx, paymentId);
  const settlement = settled
    ? { ...settled, already: fast !== 'settled' }
    : await settleInTransaction(ctx, paymentId, check);
  if (!settlement.already) {
    await dropPublicCacheSoon(ctx);
    if (settlement.payment.refundDuePence > 0) await refundLostLines(ctx, log, settlement.payment.id);
    await sendReceipt(ctx, log, {
      paymentId: settlement.payment.id,
      userId: settlement.payment.userId,
      reference: settlement.payment.reference ?? `payment ${settlement.payment.id}`,
      provider: settlement.payment.provider,
      lines: settlement.lines.map((l) => ({
        event: l.product_name,
        participant: l.participant_name,
        amountPence: l.amount_pence,
        booked: l.state === 'booked',
      })),
    });
  }
  return settlement;
}

async function settledNow(tx: Tx, paymentId: number): Promise<Omit<Settlement, 'already'>> {
  const found = await paymentWithLines(tx, eq(payments.id, paymentId));
  if (!found) throw new Error(`payment ${paymentId} vanished`);
  return found;
}

/** A settled payment with its lines, read without a lock (a settled payment's lines no longer
 * change); null while it is not settled. */
async function readSettled(ctx: AppContext, paymentId: number): Promise<Omit<Settlement, 'already'> | null> {
  const found = await paymentWithLines(ctx.db, eq(payments.id, paymentId));
  if (!found) throw new Error(`payment ${paymentId} vanished`);
  return found.payment.settledAt ? found : null;
}

/** Every case, under the payment's row lock: lines whose hold lapsed take a free place if one is
 * left, lines that cannot be booked are lost, a settled payment is read again. */
function settleInTransaction(ctx: AppContext, paymentId: number, check: ProviderCheck | null): Promise<Settlement> {
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new Error(`payment ${paymentId} vanished`);
    if (payment.settledAt) return { ...(await settledNow(tx, paymentId)), already: true };
    if (!check) throw new Error(`payment ${paymentId} is not settled and nothing confirmed it`);
    const now = ctx.now();
    // the events first (in id order), then the lines: once the events are locked no one else can
    // release a line of this payment, so the states read next stay true while it settles
    const eventIds = await tx
      .selectDistinct({ id: paymentLines.eventId })
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, paymentId))
      .orderBy(asc(paymentLines.eventId));
    const locked = new Map<number, EventRow>();
    for (const { id } of eventIds) {
      const row = await lockEvent(tx, id);
      if (row) locked.set(id, row);
    }
    const lines = await tx
      .select({ line: paymentLines })
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, paymentId))
      .orderBy(asc(paymentLines.eventId), asc(paymentLines.id));
    let lostPence = 0;
    for (const { line } of lines) {
      const event = locked.get(line.eventId);
      if (!event) continue;
      const wasHeld = line.state === 'held';
      // a lapsed hold of this payment's own is not another taker's to free: it is being paid
      const placeOurs =
        wasHeld || (event.cancelledAt === null && (await placeFree(tx, event, now, { except: paymentId })));
      const [created] = placeOurs
        ? await tx
            .insert(bookings)
            .values({
              eventId: event.id,
              userId: line.participantId,
              bookedById: payment.userId,
              source: 'PAYMENT',
              paymentRef: payment.reference,
              amountPence: line.pricePence,
              createdAt: now,
            })
            .onConflictDoNothing()
            .returning({ id: bookings.id })
        : [];
      if (created) {
        await moveBooked(tx, event.id, 1, wasHeld ? -1 : 0);
        event.booked += 1;
        if (wasHeld) event.held -= 1;
      } else {
        if (wasHeld) {
          await moveHeld(tx, event.id, -1);
          event.held -= 1;
        }
        lostPence += line.pricePence;
      }
      await tx
        .update(paymentLines)
        .set({ state: created ? 'booked' : 'lost', bookingId: created?.id ?? null })
        .where(eq(paymentLines.id, line.id));
      await tx
        .delete(cartItems)
        .where(
          and(
            eq(cartItems.ownerId, payment.userId),
            eq(cartItems.eventId, line.eventId),
            eq(cartItems.participantId, line.participantId),
          ),
        );
    }
    await tx
      .update(payments)
      .set({
        status: 'succeeded',
        providerStatus: 'succeeded',
        settledAt: now,
        captureReference: check.captureReference ?? payment.captureReference,
        refundDuePence: lostPence,
      })
      .where(eq(payments.id, paymentId));
    return { ...(await settledNow(tx, paymentId)), already: false };
  });
}

/** A payment with its lines as a settlement names them (a line not booked is lost), in one
 * query; undefined when no payment matches. */
export async function paymentWithLines(db: Db | Tx, where: SQL): Promise<Omit<Settlement, 'already'> | undefined> {
  const rows = await db
    .select({
      payment: payments,
      product: paymentLines.eventId,
      product_name: events.name,
      participant: users.username,
      first: users.firstName,
      last: users.lastName,
      amount_pence: paymentLines.pricePence,
      state: paymentLines.state,
      booking_id: paymentLines.bookingId,
    })
    .from(payments)
    .innerJoin(paymentLines, eq(paymentLines.paymentId, payments.id))
    .innerJoin(users, eq(users.id, paymentLines.participantId))
    .innerJoin(events, eq(events.id, paymentLines.eventId))
    .where(where)
    .orderBy(asc(paymentLines.id));
  const [first] = rows;
  if (!first) return undefined;
  return {
    payment: first.payment,
    lines: rows.map(({ payment: _payment, first: firstName, last, state, ...r }) => ({
      ...r,
      participant_name: `${firstName} ${last}`.trim(),
      state: state === 'booked' ? 'booked' : 'lost',
    })),
  };
}

/**
 * Refunds what a settled payment could not book, through its provider, once (the provider's
 * idempotency key is derived from the payment). A failure is logged and left due: the payments
 * job tries again.
 */
export async function refundLostLines(ctx: AppContext, log: FastifyBaseLogger, paymentId: number): Promise<void> {
  const [payment] = await ctx.db.select().from(payments).where(eq(payments.id, paymentId));
  if (!payment?.reference || payment.refundDuePence <= payment.refundedPence) return;
  const provider = ctx.payments.byName(payment.provider);
  if (!provider) {
    log.error({ paymentId }, 'refund due but the provider is not configured');
    return;
  }
  try {
    const refund = await provider.refund({
      paymentId,
      reference: payment.reference,
      captureReference: payment.captureReference,
      amountPence: payment.refundDuePence - payment.refundedPence,
    });
    await ctx.db
      .update(payments)
      .set({ refundedPence: payment.refundDuePence, refundReference: refund.reference })
      .where(eq(payments.id, paymentId));
  } catch (error) {
    log.error(
      { paymentId, err: { message: String((error as Error)?.message ?? error) } },
      `refund failed: ${PAYMENT_MSG.providerFailed}`,
    );
  }
}
