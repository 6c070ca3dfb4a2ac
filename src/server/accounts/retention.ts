import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { retentionEndsOn } from '../../domain/accounts/data-rights.ts';
import { londonToday } from '../../domain/dates.ts';
import type { AppContext } from '../context.ts';
import { bookings, events, payments, refunds, users } from '../db/schema.ts';
import { removeExpiredSecurityEvents } from './security-log.ts';

/** How often an instance looks for records past their retention (the payments job calls often). */
export const RETENTION_EVERY_MS = 60 * 60 * 1000;
const lastRun = new WeakMap<AppContext, number>();

/**
 * Removes what a deleted account left for the accounts (issue 27; docs/decisions/0050): its
 * payments (with their lines, refunds and log) and its entries, once six years have passed after
 * the end of the financial year they were made in; then the anonymised account itself, once
 * nothing references it. Returns how many payments, entries and accounts went. The security log's
 * rows older than 12 months go too (security-log.ts; docs/decisions/0063), logged with the rest.
 */
export async function removeExpiredRecords(
  ctx: AppContext,
  log?: FastifyBaseLogger,
): Promise<{ payments: number; entries: number; accounts: number }> {
  const today = londonToday(ctx.now());
  const expired = (created: Date) => retentionEndsOn(londonToday(created)) <= today;
  const deleted = ctx.db.select({ id: users.id }).from(users).where(isNotNull(users.deletedAt));

  const paid = (
    await ctx.db
      .select({ id: payments.id, createdAt: payments.createdAt })
      .from(payments)
      .where(inArray(payments.userId, deleted))
      .limit(500)
  ).filter((p) => expired(p.createdAt));
  for (const { id } of paid) {
    await ctx.db.transaction(async (tx) => {
      await tx.delete(refunds).where(eq(refunds.paymentId, id));
      // its lines and log go with it (cascade); entries it paid for keep their rows until their own time
      await tx.delete(payments).where(eq(payments.id, id));
    });
  }

  const entries = (
    await ctx.db
      .select({ id: bookings.id, eventId: bookings.eventId, createdAt: bookings.createdAt })
      .from(bookings)
      .where(inArray(bookings.userId, deleted))
      .limit(500)
  ).filter((b) => expired(b.createdAt));
  for (const entry of entries) {
    await ctx.db.transaction(async (tx) => {
      // the event's row first, as every writer of its counters does (payments/jobs.ts)
      await tx.select({ id: events.id }).from(events).where(eq(events.id, entry.eventId)).for('update');
      const gone = await tx.delete(bookings).where(eq(bookings.id, entry.id)).returning({ id: bookings.id });
      if (gone.length) {
        await tx
          .update(events)
          .set({ booked: sql`${events.booked} - 1` })
          .where(eq(events.id, entry.eventId));
      }
    });
  }

  const accounts = await ctx.db
    .delete(users)
    .where(
      and(
        isNotNull(users.deletedAt),
        sql`not exists (select 1 from payments p where p.user_id = ${users.id})`,
        sql`not exists (select 1 from payment_lines pl where pl.participant_id = ${users.id})`,
        sql`not exists (select 1 from bookings b where b.user_id = ${users.id})`,
      ),
    )
    .returning({ id: users.id });
  const removed = { payments: paid.length, entries: entries.length, accounts: accounts.length };
  const securityEvents = await removeExpiredSecurityEvents(ctx);
  if (removed.payments || removed.entries || removed.accounts || securityEvents)
    log?.info({ ...removed, securityEvents }, 'records past their retention removed');
  return removed;
}

/** Runs removeExpiredRecords at most once an hour per instance (from the payments job). */
export async function removeExpiredRecordsHourly(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const now = Date.now();
  if (now - (lastRun.get(ctx) ?? 0) < RETENTION_EVERY_MS) return;
  lastRun.set(ctx, now);
  await removeExpiredRecords(ctx, log);
}
