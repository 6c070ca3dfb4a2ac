import { and, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { BUSY_GAP_MS, coalesce, perDatabase } from '../db/coalesce.ts';
import { events, paymentLines } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { logLines } from './line-log.ts';
import { giveFreedPlaces } from './waiting-list.ts';

/**
 * The capacity guard (decisions.md: places can never be oversold; docs/decisions/0019), its own
 * module: the cart (free bookings), people (an administrator moving a booking) and payments (holds,
 * settlement) import it, and it imports none of them (scripts/check-imports.ts). An
 * event's places move only while its row is locked: `booked` (bookings) and `held` (payment
 * lines in state held) together never pass `quantity`. Every writer of either counter takes the
 * lock first, so on PostgreSQL simultaneous takers queue on the row, and on PGlite they queue on
 * its single connection.
 */
export type EventRow = typeof events.$inferSelect;

/** Runs `work` in a transaction holding the event's row lock, with the locked row (undefined when
 * the event does not exist). In the canary (ctx.placeGuard false) the row is a read taken before
 * the transaction and nothing is locked: the overselling test must then see the race. */
export async function withEventLocked<T>(
  ctx: AppContext,
  eventId: number,
  work: (tx: Tx, event: EventRow | undefined) => Promise<T>,
): Promise<T> {
  if (!ctx.placeGuard) {
    const [snapshot] = await ctx.db.select().from(events).where(eq(events.id, eventId));
    // PGlite answers one statement at a time, which alone orders these requests; a pause here
    // stands for the round trip between a read and a write that a database server leaves open
    await new Promise((resolve) => setTimeout(resolve, 5));
    return ctx.db.transaction((tx) => work(tx, snapshot));
  }
  return ctx.db.transaction(async (tx) => work(tx, await lockEvent(tx, eventId)));
}

export async function lockEvent(tx: Tx, eventId: number): Promise<EventRow | undefined> {
  const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
  return row;
}

/** Lapsed holds on this event go back (the caller holds the event's lock): a line's own hold end
 * (payment_lines.held_until, docs/decisions/0028) passed before it was paid. `except`: a payment
 * whose own lapsed holds stay (it is being settled). The race's waiting list takes what it keeps
 * (places/waiting-list.ts). Returns how many places came free for the caller. */
export async function releaseLapsedHolds(
  tx: Tx,
  eventId: number,
  now: Date,
  options: { except?: number } = {},
): Promise<number> {
  const released = await tx
    .update(paymentLines)
    .set({ state: 'released' })
    .where(
      and(
        eq(paymentLines.eventId, eventId),
        eq(paymentLines.state, 'held'),
        lte(paymentLines.heldUntil, now),
        options.except === undefined ? undefined : ne(paymentLines.paymentId, options.except),
      ),
    )
    .returning({ id: paymentLines.id });
  if (released.length > 0) {
    await moveHeld(tx, eventId, -released.length);
    await logLines(
      tx,
      released.map((r) => r.id),
      'released',
      'system',
      { note: ' (hold lapsed)' },
    );
    return released.length - (await giveFreedPlaces(tx, eventId, now));
  }
  return 0;
}

/** Whether one more place can be taken on the locked event: booked + held below the quantity,
 * once lapsed holds are back. Keeps `event` current. */
export async function placeFree(
  tx: Tx,
  event: EventRow,
  now: Date,
  options: { except?: number } = {},
): Promise<boolean> {
  if (event.booked + event.held < event.quantity) return true;
  const freed = await releaseLapsedHolds(tx, event.id, now, options);
  event.held -= freed;
  return event.booked + event.held < event.quantity;
}

/**
 * The cart's events as a payment start first reads them, without a lock: each row, and those
 * full beyond doubt: every place booked or held, no hold lapsed (that place would come back),
 * and none of the holds this user's own (a user paying again for the cart they hold keeps their
 * places). A taker refused here is refused at once, without queueing on the event's row behind
 * those who got a place; anyone else goes on to the guard, which decides under the lock.
 */
export async function eventsForStart(
  ctx: AppContext,
  eventIds: number[],
  userId: number,
): Promise<{ full: Set<number>; rows: Map<number, EventRow> }> {
  const ids = [...new Set(eventIds)].sort((a, b) => a - b);
  if (ids.length === 0) return { full: new Set(), rows: new Map() };
  const seen = await startLooks(ctx)(`${userId}:${ids.join(',')}`);
  return seen ?? { full: new Set(), rows: new Map() };
}

/** The looks of the starts that arrive together, by `userId:eventIds`, in one query. */
const startLooks = perDatabase((ctx: AppContext) =>
  coalesce(
    async (keys: string[]) => {
      const asked = keys.map((key) => {
        const [user, ids] = key.split(':');
        return { key, userId: Number(user), eventIds: (ids ?? '').split(',').map(Number) };
      });
      const allEvents = [...new Set(asked.flatMap((a) => a.eventIds))];
      const now = ctx.now();
      const users = [...new Set(asked.map((a) => a.userId))];
      // written out with their tables: inside a select, drizzle names columns without them
      const held = sql`from payment_lines pl join payments p on p.id = pl.payment_id
        where pl.event_id = events.id and pl.state = 'held'`;
      // a line's own hold end decides its lapse (docs/decisions/0028)
      const found = await ctx.db
        .select({
          event: events,
          lapsed: sql<number>`(select count(*)::int ${held} and pl.held_until <= ${now})`,
          // the places each asking user holds here, as {"userId": count}
          mine: sql<Record<string, number> | null>`(select jsonb_object_agg(m.user_id, m.n) from
            (select p.user_id, count(*)::int as n ${held} and p.user_id in (${sql.join(
              users.map((u) => sql`${u}::int`),
              sql`, `,
            )}) group by p.user_id) m)`,
        })
        .from(events)
        .where(inArray(events.id, allEvents));
      const mineOf = new Map(
        found.flatMap((r) =>
          Object.entries(r.mine ?? {}).map(([user, n]) => [`${user}:${r.event.id}`, Number(n)] as const),
        ),
      );
      const byId = new Map(found.map((r) => [r.event.id, r]));
      return new Map(
        asked.map((a) => {
          const rows = new Map<number, EventRow>();
          const full = new Set<number>();
          for (const id of a.eventIds) {
            const r = byId.get(id);
            if (!r) continue;
            rows.set(id, r.event);
            const taken = r.event.booked + r.event.held - (mineOf.get(`${a.userId}:${id}`) ?? 0);
            if (r.lapsed === 0 && taken >= r.event.quantity) full.add(id);
          }
          return [a.key, { full, rows }];
        }),
      );
    },
    { minGapMs: BUSY_GAP_MS },
  ),
);

/** Moves an event's held count (the caller holds its lock). Guarded in the statement itself, so the
 * database's CHECK on the counters is never what refuses a user: a taking that would pass the
 * quantity answers 409 with a clear message, and a release never goes below 0. */
export async function moveHeld(tx: Tx, eventId: number, by: number): Promise<void> {
  const moved = await tx
    .update(events)
    .set({ held: sql`greatest(${events.held} + ${by}, 0)` })
    .where(
      and(
        eq(events.id, eventId),
        by > 0 ? sql`${events.booked} + ${events.held} + ${by} <= ${events.quantity}` : undefined,
      ),
    )
    .returning({ id: events.id });
  if (by > 0 && moved.length === 0) throw new AppError('CONFLICT', PAYMENT_MSG.placesChanged);
}

/** Moves an event's booked (and held) counts, guarded as moveHeld. */
export async function moveBooked(tx: Tx, eventId: number, booked: number, held = 0): Promise<void> {
  const nextBooked = sql`greatest(${events.booked} + ${booked}, 0)`;
  const nextHeld = sql`greatest(${events.held} + ${held}, 0)`;
  const moved = await tx
    .update(events)
    .set({ booked: nextBooked, held: nextHeld })
    .where(and(eq(events.id, eventId), booked > 0 ? sql`${nextBooked} + ${nextHeld} <= ${events.quantity}` : undefined))
    .returning({ id: events.id });
  if (booked > 0 && moved.length === 0) throw new AppError('CONFLICT', PAYMENT_MSG.placesChanged);
}
