import { and, asc, eq, gte, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { bookings, cartItems, events, paymentLines, payments, refunds, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { queueMail } from '../mail/outbox.ts';
import { type EventRow, lockEvent, moveBooked, moveHeld, placeFree } from '../places/guard.ts';
import { logLines } from '../places/line-log.ts';
import { dropPublicCacheSoon } from '../plugins/public-cache.ts';
import { installationId } from './installation.ts';
import { logPayment } from './log.ts';
import { MAIL, type RefundMailData } from './mails.ts';
import { settleInOneStatement } from './one-statement.ts';
import type { ProviderCheck } from './providers.ts';
import { type Receipt, sendReceipt } from './receipt.ts';
import { sendRefundsOf } from './refund-job.ts';
import { requestRefund } from './refunds.ts';
import type { PaymentRow } from './start.ts';

export interface SettledLine {
  product: number;
  product_name: string;
  participant: string;
  participant_name: string;
  amount_pence: number;
  state: 'booked' | 'lost';
  booking_id: number | null;
  /** Why a lost line was not booked: the cause of the refund that gave its amount back. */
  refund_cause: (typeof refunds.$inferSelect)['cause'] | null;
}

export interface Settlement {
  payment: PaymentRow;
  lines: SettledLine[];
  /** True when an earlier call (the webhook or the client) had already settled it. */
  already: boolean;
}

/** Whether what the provider says is this payment, paid in full: the webhook's event and the
 * client's reference both pass here before anything is booked. The provider's metadata must name
 * this installation, this payment and its user (docs/decisions/0029). */
export function confirms(check: ProviderCheck, payment: PaymentRow, installation: string): boolean {
  return (
    check.paid &&
    check.amountPence === payment.amountPence &&
    check.currency.toUpperCase() === payment.currency &&
    check.installationId === installation &&
    check.paymentId === payment.id &&
    check.userId === payment.userId
  );
}

/** The provider's ids as the payment log keeps them: the intent (Stripe), order (PayPal) or demo
 * payment, and the capture. */
export function providerIdsOf(payment: PaymentRow, captureReference?: string | null): Record<string, string> {
  const ids: Record<string, string> = {};
  const kind = payment.provider === 'stripe' ? 'intent' : payment.provider === 'paypal' ? 'order' : 'payment';
  if (payment.reference) ids[kind] = payment.reference;
  const capture = captureReference ?? payment.captureReference;
  if (capture) ids.capture = capture;
  return ids;
}

/**
 * Settles a payment the provider confirmed, exactly once (docs/decisions/0019, 0028): under the
 * payment's row lock, each line becomes one booking (its held place turns into a booked one; a
 * line whose hold lapsed takes a free place if one is left), or is lost: its event was cancelled,
 * it was removed from the cart (no longer held nor in the cart), no place was left, or the
 * participant was booked meanwhile. Each cause's lost lines get a refund row (refunds.ts) in the
 * same transaction, which is sent to the provider right after commit
 * (refund-job.ts; the payments job retries a failed one). The webhook and the client's call
 * may both arrive, in any order and repeatedly: the second finds the payment settled and answers
 * with the same lines.
 */
export async function settlePayment(
  ctx: AppContext,
  log: FastifyBaseLogger,
  paymentId: number,
  /** What the provider confirmed; null only to read an already settled payment again. */
  check: ProviderCheck | null,
  /** Who confirmed it, as the payment log says: the webhook, or the client's call. */
  cause: 'webhook' | 'user' = 'user',
): Promise<Settlement> {
  const fast = check ? await settleInOneStatement(ctx, paymentId, check.captureReference ?? null, cause) : 'undecided';
  const settled = await readSettled(ctx, paymentId);
  const settlement = settled
    ? { ...settled, already: fast !== 'settled' }
    : await settleInTransaction(ctx, paymentId, check, cause);
  if (!settlement.already) {
    await dropPublicCacheSoon(ctx);
    await sendRefundsOf(ctx, log, settlement.payment.id);
    await sendReceipt(ctx, log, receiptOf(settlement));
  }
  return settlement;
}

/** The receipt of a settled payment: each line booked or lost, with its amount. */
export function receiptOf(settlement: Omit<Settlement, 'already'>): Receipt {
  return {
    paymentId: settlement.payment.id,
    userId: settlement.payment.userId,
    reference: settlement.payment.reference ?? `payment ${settlement.payment.id}`,
    provider: settlement.payment.provider,
    lines: settlement.lines.map((l) => ({
      eventId: l.product,
      event: l.product_name,
      participant: l.participant_name,
      amountPence: l.amount_pence,
      booked: l.state === 'booked',
    })),
  };
}

/**
 * Receipts a crash kept from the outbox (issue 24: nothing is lost with mail): a settlement
 * queues its receipt right after it commits, so a process killed in between leaves a settled
 * payment without one. The payments job queues those of the last week; the receipt's dedupe key
 * makes a second queueing a no-op, so a receipt still goes exactly once.
 */
export async function queueMissingReceipts(ctx: AppContext, log: FastifyBaseLogger): Promise<number> {
  const since = new Date(ctx.now().getTime() - 7 * 24 * 60 * 60 * 1000);
  const missing = await ctx.db
    .select({ id: payments.id })
    .from(payments)
    .where(
      and(
        isNotNull(payments.settledAt),
        gte(payments.settledAt, since),
        sql`not exists (select 1 from mail_outbox m where m.dedupe_key = 'receipt:payment:' || ${payments.id})`,
      ),
    )
    .limit(100);
  for (const { id } of missing) {
    const settled = await readSettled(ctx, id);
    if (settled) await sendReceipt(ctx, log, receiptOf(settled));
  }
  if (missing.length > 0) log.warn({ payments: missing.map((m) => m.id) }, 'receipts queued that a stop had kept back');
  return missing.length;
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

type LostCause = 'place_lost' | 'line_removed' | 'event_cancelled';

/** Every case, under the payment's row lock: lines whose hold lapsed take a free place if one is
 * left, lines that cannot be booked are lost and refunded, a settled payment is read again. */
async function settleInTransaction(
  ctx: AppContext,
  paymentId: number,
  check: ProviderCheck | null,
  cause: 'webhook' | 'user',
): Promise<Settlement> {
  const installation = check ? await installationId(ctx) : '';
  return ctx.db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for('update');
    if (!payment) throw new Error(`payment ${paymentId} vanished`);
    if (payment.settledAt) return { ...(await settledNow(tx, paymentId)), already: true };
    if (!check) throw new Error(`payment ${paymentId} is not settled and nothing confirmed it`);
    // refunded in full for a differing amount (mismatch.ts): nothing of it is ever booked
    if (payment.attention) throw new AppError('CONFLICT', PAYMENT_MSG.amountMismatch);
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
    await logPayment(tx, {
      paymentId,
      state: 'confirmed',
      cause,
      providerIds: providerIdsOf(payment, check.captureReference),
    });
    const lines = await tx
      .select({ line: paymentLines })
      .from(paymentLines)
      .where(eq(paymentLines.paymentId, paymentId))
      .orderBy(asc(paymentLines.eventId), asc(paymentLines.id));
    const inCart = new Set(
      (
        await tx
          .select({ eventId: cartItems.eventId, participantId: cartItems.participantId })
          .from(cartItems)
          .where(eq(cartItems.ownerId, payment.userId))
      ).map((c) => `${c.eventId}:${c.participantId}`),
    );
    const lost = new Map<LostCause, (typeof paymentLines.$inferSelect)[]>();
    for (const { line } of lines) {
      const event = locked.get(line.eventId);
      if (!event) continue;
      const wasHeld = line.state === 'held';
      // a line released because its event was cancelled, or removed from the cart, is not booked
      const why: LostCause | null =
        event.cancelledAt !== null
          ? 'event_cancelled'
          : !wasHeld && !inCart.has(`${line.eventId}:${line.participantId}`)
            ? 'line_removed'
            : null;
      // a lapsed hold of this payment's own is not another taker's to free: it is being paid
      const placeOurs = why === null && (wasHeld || (await placeFree(tx, event, now, { except: paymentId })));
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
        const group = lost.get(why ?? 'place_lost') ?? [];
        group.push(line);
        lost.set(why ?? 'place_lost', group);
      }
      await tx
        .update(paymentLines)
        .set({ state: created ? 'booked' : 'lost', bookingId: created?.id ?? null })
        .where(eq(paymentLines.id, line.id));
      await logLines(tx, [line.id], created ? 'booked' : 'lost', cause, {
        note: created ? '' : ` (${(why ?? 'place_lost').replace('_', ' ')})`,
      });
      // a line whose place went to another family stays in the cart, where it says the race is
      // full (issue 36; docs/decisions/0058): the family reads what happened, and may pay for it
      // again should a place come free, or remove it
      if (created || why !== null) {
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
    }
    await tx
      .update(payments)
      .set({
        status: 'succeeded',
        providerStatus: 'succeeded',
        settledAt: now,
        captureReference: check.captureReference ?? payment.captureReference,
      })
      .where(eq(payments.id, paymentId));
    for (const [lostCause, group] of lost) {
      const ids = group.map((l) => l.id);
      await requestRefund(tx, {
        paymentId,
        amountPence: group.reduce((sum, l) => sum + l.pricePence, 0),
        cause: lostCause,
        lineIds: ids,
        logCause: cause,
        idempotencyKey: refundKey(installation, paymentId, lostCause, ids),
      });
    }
    await tellOfRefunds(ctx, tx, payment, lost);
    return { ...(await settledNow(tx, paymentId)), already: false };
  });
}

/** The refund's idempotency key (docs/decisions/0028): the installation, the payment, the cause
 * and the lines it gives back ('all' for a whole payment). */
export function refundKey(installation: string, paymentId: number, cause: string, lineIds: number[] | 'all'): string {
  return `${installation}:refund:${paymentId}:${cause}:${lineIds === 'all' ? 'all' : [...lineIds].sort((a, b) => a - b).join(',')}`;
}

/** Queues the mails a refund of removed lines or of a cancelled event's lines calls for (a lost
 * place is told by the receipt): the payer, and for a cancelled event the association too. */
async function tellOfRefunds(
  ctx: AppContext,
  tx: Tx,
  payment: PaymentRow,
  lost: Map<LostCause, (typeof paymentLines.$inferSelect)[]>,
): Promise<void> {
  const told = [...lost].filter(([why]) => why !== 'place_lost');
  if (told.length === 0) return;
  const [payer] = await tx.select().from(users).where(eq(users.id, payment.userId));
  if (!payer) return;
  for (const [why, group] of told) {
    const named = await tx
      .select({ event: events.name, first: users.firstName, last: users.lastName, pence: paymentLines.pricePence })
      .from(paymentLines)
      .innerJoin(events, eq(events.id, paymentLines.eventId))
      .innerJoin(users, eq(users.id, paymentLines.participantId))
      .where(
        inArray(
          paymentLines.id,
          group.map((l) => l.id),
        ),
      )
      .orderBy(asc(paymentLines.id));
    const data: RefundMailData = {
      reference: payment.reference ?? `payment ${payment.id}`,
      provider: payment.provider,
      payer: `${payer.firstName} ${payer.lastName}`.trim(),
      payerFirstName: payer.firstName,
      payerUsername: payer.username,
      // each line with its own amount, read in the same row as its name
      lines: named.map((n) => ({ event: n.event, participant: `${n.first} ${n.last}`.trim(), amountPence: n.pence })),
      totalPence: group.reduce((sum, l) => sum + l.pricePence, 0),
    };
    if (payer.email) {
      await queueMail(tx, {
        template: why === 'line_removed' ? MAIL.lineRemovedRefund : MAIL.eventCancelledRefund,
        to: payer.email,
        data: { ...data },
      });
    }
    if (why === 'event_cancelled') {
      await queueMail(tx, {
        template: MAIL.eventCancelledRefundAssociation,
        to: ctx.config.association.email,
        data: { ...data },
      });
    }
  }
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
      refund_cause: refunds.cause,
    })
    .from(payments)
    .innerJoin(paymentLines, eq(paymentLines.paymentId, payments.id))
    .innerJoin(users, eq(users.id, paymentLines.participantId))
    .innerJoin(events, eq(events.id, paymentLines.eventId))
    .leftJoin(refunds, eq(refunds.id, paymentLines.refundId))
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
