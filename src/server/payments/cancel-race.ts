import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyBaseLogger } from 'fastify';
import { londonToday } from '../../domain/dates.ts';
import { formatPrice } from '../../domain/money.ts';
import type { CancelPreview } from '../../domain/payments/race-cancel.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { bookings, events, paymentLines, payments, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { nudgeMail } from '../mail/nudge.ts';
import { installationId } from './installation.ts';
import { sendRefundsSoon } from './refund-job.ts';
import { type CancelledEntry, tellOfCancelledRace } from './refund-mails.ts';
import { requestRefund } from './refunds.ts';
import { refundKey } from './settle.ts';

/**
 * A race cancelled (issue 35; docs/decisions/0056): every paid entry is refunded in full, no fee,
 * through the provider that took it, whatever the "refunds through the site" setting (that setting
 * is about refunds a family or an administrator asks for; decisions.md makes a cancelled race's
 * refunds automatic), and every entrant is told by e-mail. Bookings stay (the race's history); each
 * paid line points at its own refund, so a family's cancellation or an administrator's removal at
 * the same moment never refunds it a second time (refunds.ts).
 */

/** The paid entries a cancellation refunds: booked lines of succeeded payments not yet refunded. */
const refundable = (eventId: number) =>
  and(
    eq(paymentLines.eventId, eventId),
    eq(paymentLines.state, 'booked'),
    eq(payments.status, 'succeeded'),
    isNull(paymentLines.refundId),
    gt(paymentLines.pricePence, 0),
  );

/** What the administrator's confirmation says before cancelling: how many paid entries will be
 * refunded, the total, and how many entrants will be told. */
export async function cancelPreview(ctx: AppContext, eventId: number): Promise<CancelPreview> {
  const [event] = await ctx.db.select().from(events).where(eq(events.id, eventId));
  if (!event) throw AppError.notFound('Event not found.');
  const [paid] = await ctx.db
    .select({ n: sql<number>`count(*)::int`, pence: sql<number>`coalesce(sum(${paymentLines.pricePence}), 0)::int` })
    .from(paymentLines)
    .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
    .where(refundable(eventId));
  const [entrants] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(eq(bookings.eventId, eventId));
  return {
    name: event.name,
    paid_entries: paid?.n ?? 0,
    refund_total: formatPrice(paid?.pence ?? 0),
    entrants: entrants?.n ?? 0,
    cancelled: event.cancelledAt !== null,
    taken_place: event.date < londonToday(ctx.now()),
  };
}

/** The installation id the refunds' keys carry: read before the cancelling transaction (the
 * embedded database has one connection, which that transaction holds). */
export const cancelledRaceInstallation = (ctx: AppContext): Promise<string> => installationId(ctx);

/**
 * In the cancelling transaction, after the race's row is locked and marked: one refund per paid
 * line (key `refund:{payment}:event_cancelled:{line}`, the key a payment settling after the
 * cancellation uses too), and one e-mail to each address that entered. Returns the payments whose
 * refunds to send after commit.
 */
export async function refundCancelledRace(
  tx: Tx,
  eventId: number,
  adminId: number | null,
  installation: string,
): Promise<number[]> {
  const paid = await tx
    .select({ line: paymentLines })
    .from(paymentLines)
    .innerJoin(payments, eq(payments.id, paymentLines.paymentId))
    .where(refundable(eventId))
    .orderBy(asc(paymentLines.paymentId), asc(paymentLines.id));
  const toSend = new Set<number>();
  for (const { line } of paid) {
    const row = await requestRefund(tx, {
      paymentId: line.paymentId,
      amountPence: line.pricePence,
      cause: 'event_cancelled',
      lineIds: [line.id],
      requestedBy: adminId,
      logCause: adminId === null ? 'system' : 'admin',
      idempotencyKey: refundKey(installation, line.paymentId, 'event_cancelled', [line.id]),
      detail: `race cancelled: ${line.pricePence} pence`,
    });
    if (row) toSend.add(line.paymentId);
  }
  await tellEntrants(tx, eventId);
  return [...toSend];
}

/** After commit: the refunds go now (the payments job retries what fails), and the mail job is
 * woken for the entrants' e-mails. */
export async function sendCancelledRaceRefunds(
  ctx: AppContext,
  log: FastifyBaseLogger,
  paymentIds: number[],
): Promise<void> {
  for (const paymentId of paymentIds) await sendRefundsSoon(ctx, log, paymentId);
  nudgeMail(ctx);
}

const payer = alias(users, 'payer');
const booker = alias(users, 'booker');

/**
 * Every entrant told: each booking's family (the payer of its line, else whoever booked it, else
 * the racer) gets one e-mail listing its entries, and a racer with an address of their own gets
 * one for their entry. One e-mail per address and race.
 */
async function tellEntrants(tx: Tx, eventId: number): Promise<void> {
  const rows = await tx
    .select({
      source: bookings.source,
      racerEmail: users.email,
      racerFirst: users.firstName,
      racerLast: users.lastName,
      lineId: paymentLines.id,
      payerEmail: payer.email,
      payerFirst: payer.firstName,
      bookerEmail: booker.email,
      bookerFirst: booker.firstName,
      price: events.pricePence,
    })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .innerJoin(users, eq(users.id, bookings.userId))
    .leftJoin(paymentLines, and(eq(paymentLines.bookingId, bookings.id), eq(paymentLines.state, 'booked')))
    .leftJoin(payments, eq(payments.id, paymentLines.paymentId))
    .leftJoin(payer, eq(payer.id, payments.userId))
    .leftJoin(booker, eq(booker.id, bookings.bookedById))
    .where(eq(bookings.eventId, eventId))
    .orderBy(asc(bookings.id));
  const told = new Map<string, { firstName: string; email: string; entries: CancelledEntry[] }>();
  const add = (to: { email: string | null; first: string | null } | null, entry: CancelledEntry) => {
    const email = to?.email?.trim();
    if (!email) return;
    const key = email.toLowerCase();
    const mail = told.get(key) ?? { firstName: to?.first ?? '', email, entries: [] };
    if (!mail.entries.some((e) => e.participant === entry.participant)) mail.entries.push(entry);
    told.set(key, mail);
  };
  for (const row of rows) {
    const entry: CancelledEntry = {
      participant: `${row.racerFirst} ${row.racerLast}`.trim(),
      lineId: row.lineId ?? null,
      bookingPence: row.source === 'FREE' ? 0 : row.price,
    };
    const racer = { email: row.racerEmail, first: row.racerFirst };
    const family = row.payerEmail
      ? { email: row.payerEmail, first: row.payerFirst }
      : row.bookerEmail
        ? { email: row.bookerEmail, first: row.bookerFirst }
        : racer;
    add(family, entry);
    add(racer, entry);
  }
  for (const mail of told.values()) {
    await tellOfCancelledRace(tx, eventId, { email: mail.email, firstName: mail.firstName }, mail.entries);
  }
}
