import { and, eq, gt, min, sql } from 'drizzle-orm';
import { HOLD_MINUTES } from '../../domain/payments/index.ts';
import type { AppContext } from '../context.ts';
import { cartItems, paymentLines, payments } from '../db/schema.ts';
import { waitingEntries, waitingMembers } from '../db/schema-waiting-list.ts';

/** A cart line whose place an accepted waiting-list offer holds, and until when (ISO instant). */
export interface OfferHold {
  cart_item: number;
  ends_at: string;
}

/**
 * GET /waiting-list/holds/: the user's cart lines whose places a waiting-list offer they accepted
 * holds (docs/decisions/0053), so checkout says until when before any payment starts, instead of a
 * payment's own minutes. A line counts while a started payment of theirs holds its place beyond
 * what a payment's own hold would give (HOLD_MINUTES after it started): the offer's end, carried
 * over by a start (payments/start.ts), and not a hold of a later, ordinary start.
 */
export async function offerHolds(ctx: AppContext, userId: number): Promise<OfferHold[]> {
  const rows = await ctx.db
    .select({ id: cartItems.id, endsAt: min(paymentLines.heldUntil) })
    .from(cartItems)
    .innerJoin(
      waitingMembers,
      and(
        eq(waitingMembers.eventId, cartItems.eventId),
        eq(waitingMembers.racerId, cartItems.participantId),
        eq(waitingMembers.state, 'accepted'),
      ),
    )
    .innerJoin(waitingEntries, and(eq(waitingEntries.id, waitingMembers.entryId), eq(waitingEntries.ownerId, userId)))
    .innerJoin(
      paymentLines,
      and(
        eq(paymentLines.eventId, cartItems.eventId),
        eq(paymentLines.participantId, cartItems.participantId),
        eq(paymentLines.state, 'held'),
        gt(paymentLines.heldUntil, ctx.now()),
      ),
    )
    .innerJoin(
      payments,
      and(
        eq(payments.id, paymentLines.paymentId),
        eq(payments.userId, userId),
        eq(payments.status, 'started'),
        sql`${paymentLines.heldUntil} > ${payments.createdAt} + make_interval(mins => ${HOLD_MINUTES})`,
      ),
    )
    .where(eq(cartItems.ownerId, userId))
    .groupBy(cartItems.id)
    .orderBy(cartItems.id);
  return rows.flatMap((r) => (r.endsAt ? [{ cart_item: r.id, ends_at: r.endsAt.toISOString() }] : []));
}
