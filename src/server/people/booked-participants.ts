import { and, asc, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { toCsv } from '../../domain/csv.ts';
import { londonToday } from '../../domain/dates.ts';
import { EVENT_MSG } from '../../domain/events/index.ts';
import { formatPrice } from '../../domain/money.ts';
import { BOOKED_MSG, bookedCsvHeaders, bookedCsvRow } from '../../domain/people/booked.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { bookings, events, paymentLines, payments, profiles, users } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { moveBooked, placeFree } from '../places/guard.ts';
import { logLines } from '../places/line-log.ts';
import { giveFreedPlaces } from '../places/waiting-list.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';

/** A booked participant (doc 2 §3): the booking's id, the participant's names and profile. */
export const BookedParticipantSchema = z.object({
  id: z.number().int(),
  participant_first_name: z.string(),
  participant_last_name: z.string(),
  participant_profile: z.object({
    racer_id: z.number().int().nullable(),
    gender: z.enum(['MALE', 'FEMALE']).nullable(),
    date_of_birth: z.string().nullable(),
    local_club: z.string(),
    se_reg_number: z.string(),
  }),
  created_at: z.string(),
  /** What a card or wallet payment paid for this entry (pounds) and has not given back: what an
   * administrator's removal may refund while refunds through the site are on (issue 27). */
  paid: z.string().nullable(),
});
export type BookedParticipant = z.infer<typeof BookedParticipantSchema>;

/** An account Add Participant may book (doc 2 §3 "Eligible user"). */
export const EligibleUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  profile: z.object({
    date_of_birth: z.string().nullable(),
    gender: z.enum(['MALE', 'FEMALE']).nullable(),
    local_club: z.string(),
  }),
});
export type EligibleUser = z.infer<typeof EligibleUserSchema>;

/** The event, or 404. */
async function eventOf(db: Db | Tx, id: number) {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) throw AppError.notFound(EVENT_MSG.eventNotFound);
  return row;
}

function selectBooked(db: Db | Tx) {
  return db
    .select({
      id: bookings.id,
      createdAt: bookings.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      racerId: profiles.racerId,
      gender: profiles.gender,
      dateOfBirth: profiles.dateOfBirth,
      localClub: profiles.localClub,
      seRegNumber: profiles.seRegNumber,
      // what a card or wallet payment paid for this entry and has not given back (issue 27)
      paidPence: sql<
        number | null
      >`(select pl.price_pence from ${paymentLines} pl join ${payments} p on p.id = pl.payment_id
        where pl.booking_id = ${bookings.id} and pl.state = 'booked' and pl.refund_id is null and p.status = 'succeeded' limit 1)`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(profiles, eq(profiles.userId, bookings.userId));
}

type BookedRow = Awaited<ReturnType<ReturnType<typeof selectBooked>['where']>>[number];

function toBooked(row: BookedRow): BookedParticipant {
  return {
    id: row.id,
    participant_first_name: row.firstName,
    participant_last_name: row.lastName,
    participant_profile: {
      racer_id: row.racerId,
      gender: row.gender,
      date_of_birth: row.dateOfBirth,
      local_club: row.localClub,
      se_reg_number: row.seRegNumber,
    },
    created_at: row.createdAt.toISOString(),
    paid: row.paidPence === null ? null : formatPrice(Number(row.paidPence)),
  };
}

/** GET /products/booked-participants/{id}/: the event's bookings, first booked first. */
export async function listBooked(ctx: AppContext, eventId: number): Promise<BookedParticipant[]> {
  await eventOf(ctx.db, eventId);
  const rows = await selectBooked(ctx.db).where(eq(bookings.eventId, eventId)).orderBy(asc(bookings.id));
  return rows.map(toBooked);
}

/** Active accounts (not archived) with an approved racer profile (decisions.md → People). */
const eligible = and(
  eq(users.isActive, true),
  eq(profiles.archived, false),
  eq(profiles.isRacer, true),
  eq(profiles.isRacerConfirmed, 'APPROVED'),
);

/** GET /products/{id}/eligible-users/: eligible accounts not booked on the event, by name. */
export async function listEligible(ctx: AppContext, eventId: number): Promise<EligibleUser[]> {
  await eventOf(ctx.db, eventId);
  const rows = await ctx.db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      dateOfBirth: profiles.dateOfBirth,
      gender: profiles.gender,
      localClub: profiles.localClub,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(
      and(
        eligible,
        sql`not exists (select 1 from ${bookings} where ${bookings.eventId} = ${eventId} and ${bookings.userId} = ${users.id})`,
      ),
    )
    .orderBy(asc(sql`lower(${users.lastName})`), asc(sql`lower(${users.firstName})`), asc(users.id));
  return rows.map((r) => ({
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    profile: { date_of_birth: r.dateOfBirth, gender: r.gender, local_club: r.localClub },
  }));
}

/**
 * POST /products/{id}/add-participant/: books an eligible account onto a race event. One
 * transaction: the event's row is locked, the place taken only while booked < quantity, and the
 * booking row written beside it, so two additions at once can never pass the quantity.
 */
export async function addParticipant(
  ctx: AppContext,
  adminId: number,
  eventId: number,
  userId: number,
): Promise<BookedParticipant> {
  const booked = await ctx.db.transaction(async (tx) => {
    const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!event) throw AppError.notFound(EVENT_MSG.eventNotFound);
    if (event.eventType !== 'race') throw new AppError('BAD_REQUEST', BOOKED_MSG.notRace);
    if (event.cancelledAt) throw new AppError('CONFLICT', EVENT_MSG.cancelled);
    const [person] = await tx
      .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(and(eq(users.id, userId), eligible));
    if (!person) throw new AppError('BAD_REQUEST', BOOKED_MSG.notEligible, { user_id: [BOOKED_MSG.notEligible] });
    const [already] = await tx
      .select({ id: bookings.id })
      .from(bookings)
      .where(and(eq(bookings.eventId, eventId), eq(bookings.userId, userId)));
    if (already) throw new AppError('CONFLICT', BOOKED_MSG.alreadyBooked(`${person.firstName} ${person.lastName}`));
    // places held by payments under way count (places/guard.ts)
    if (!(await placeFree(tx, event, ctx.now()))) throw new AppError('CONFLICT', EVENT_MSG.full);
    const [created] = await tx
      .insert(bookings)
      .values({ eventId, userId, bookedById: adminId, source: 'ADMIN', createdAt: ctx.now() })
      .returning({ id: bookings.id });
    if (!created) throw new Error('booking insert returned nothing');
    await moveBooked(tx, eventId, 1);
    const [row] = await selectBooked(tx).where(eq(bookings.id, created.id));
    if (!row) throw new Error('booking vanished');
    return row;
  });
  await invalidatePublicCache(ctx);
  return toBooked(booked);
}

/** DELETE /bookings/{id}/: removes the booking and frees its place, in one transaction. */
export async function removeBooking(ctx: AppContext, adminId: number, bookingId: number): Promise<{ message: string }> {
  const removed = await ctx.db.transaction((tx) => removeBookingIn(tx, bookingId, ctx.now(), adminId));
  await invalidatePublicCache(ctx);
  return { message: removed.message };
}

/** Removes a booking inside the caller's transaction and frees its place (to the race's waiting
 * list first: places/waiting-list.ts); 404 when it is gone (removed meanwhile by another request).
 * A paid entry's payment line is released with it and logged with the administrator, so My Entries
 * and Orders & Payments no longer show it booked. Payments' removal with a refund runs it too. */
export async function removeBookingIn(
  tx: Tx,
  bookingId: number,
  now: Date,
  adminId: number | null,
): Promise<{ eventId: number; name: string; eventName: string; message: string }> {
  const [row] = await tx
    .select({ eventId: bookings.eventId, first: users.firstName, last: users.lastName })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .where(eq(bookings.id, bookingId));
  if (!row) throw AppError.notFound(BOOKED_MSG.bookingNotFound);
  // the event's row first, as Add Participant locks it, so the two wait for each other
  const [event] = await tx.select({ name: events.name }).from(events).where(eq(events.id, row.eventId)).for('update');
  const released = await tx
    .update(paymentLines)
    .set({ state: 'released' })
    .where(and(eq(paymentLines.bookingId, bookingId), eq(paymentLines.state, 'booked')))
    .returning({ id: paymentLines.id });
  await logLines(
    tx,
    released.map((l) => l.id),
    'released',
    'admin',
    { actorId: adminId, note: ' (removed by an administrator)' },
  );
  const deleted = await tx.delete(bookings).where(eq(bookings.id, bookingId)).returning({ id: bookings.id });
  // removed meanwhile by another request: nothing left to free
  if (deleted.length === 0) throw AppError.notFound(BOOKED_MSG.bookingNotFound);
  await tx
    .update(events)
    .set({ booked: sql`greatest(${events.booked} - 1, 0)` })
    .where(eq(events.id, row.eventId));
  await giveFreedPlaces(tx, row.eventId, now);
  const name = `${row.first} ${row.last}`;
  const eventName = event?.name ?? 'the event';
  return { eventId: row.eventId, name, eventName, message: BOOKED_MSG.removed(name, eventName) };
}

/** GET /products/booked-participants/{id}/export-csv/: the 16 columns for every booking, and the
 * event's name for the file. */
export async function bookedCsv(ctx: AppContext, eventId: number): Promise<{ name: string; csv: string }> {
  const event = await eventOf(ctx.db, eventId);
  const rows = await ctx.db
    .select({
      createdAt: bookings.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      profile: profiles,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(profiles, eq(profiles.userId, bookings.userId))
    .where(eq(bookings.eventId, eventId))
    .orderBy(asc(bookings.id));
  const season = Number(event.date.slice(0, 4));
  const csv = toCsv(
    bookedCsvHeaders(ctx.config.association.code),
    rows.map((r) =>
      bookedCsvRow(
        {
          racerId: r.profile.racerId,
          firstName: r.firstName,
          lastName: r.lastName,
          gender: r.profile.gender,
          dateOfBirth: r.profile.dateOfBirth,
          localClub: r.profile.localClub,
          seRegNumber: r.profile.seRegNumber,
          email: r.email,
          contactNumber: r.profile.contactNumber,
          emergencyContactName: r.profile.emergencyContactName,
          emergencyContactNumber: r.profile.emergencyContactNumber,
          permissionPhotographed: r.profile.permissionPhotographed,
          permissionNameOnPhotos: r.profile.permissionNameOnPhotos,
          permissionSocialMedia: r.profile.permissionSocialMedia,
          bookedOn: londonToday(r.createdAt),
        },
        season,
      ),
    ),
  );
  return { name: event.name, csv };
}
