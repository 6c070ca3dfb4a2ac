import { and, eq, or, sql } from 'drizzle-orm';
import { type ParticipantStatus, participantStatus } from '../../domain/cart/index.ts';
import type { Db, Tx } from '../db/client.ts';
import { bookings, cartItems, profiles, users } from '../db/schema.ts';

/** Someone a user may enter: themselves and the active members of their family. */
export interface Participant {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  isRacer: boolean;
  racerStatus: 'PENDING' | 'APPROVED' | 'REJECTED';
  status: ParticipantStatus;
}

/** The user and the active accounts of their family, oldest first, each with their status for
 * the event (doc 1 §4 "Adding to cart"). */
export async function familyParticipants(db: Db | Tx, userId: number, eventId: number): Promise<Participant[]> {
  // the user, and those of the user's family (a user without one has none: NULL matches nothing)
  const who = or(
    eq(users.id, userId),
    eq(users.familyId, sql`(select me.family_id from users me where me.id = ${userId})`),
  );
  const rows = await db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      isRacer: profiles.isRacer,
      racerStatus: profiles.isRacerConfirmed,
      booked: sql<boolean>`exists (select 1 from ${bookings} where ${bookings.eventId} = ${eventId} and ${bookings.userId} = ${users.id})`,
      inCart: sql<boolean>`exists (select 1 from ${cartItems} where ${cartItems.ownerId} = ${userId} and ${cartItems.eventId} = ${eventId} and ${cartItems.participantId} = ${users.id})`,
    })
    .from(users)
    .innerJoin(profiles, eq(profiles.userId, users.id))
    .where(and(who, eq(users.isActive, true), eq(profiles.archived, false)))
    .orderBy(users.id);
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    firstName: r.firstName,
    lastName: r.lastName,
    isRacer: r.isRacer,
    racerStatus: r.racerStatus,
    status: participantStatus({ ...r, booked: Boolean(r.booked), inCart: Boolean(r.inCart) }),
  }));
}

/** The same for several events at once, by event id. */
export async function participantsByEvent(
  db: Db | Tx,
  userId: number,
  eventIds: number[],
): Promise<Map<number, Participant[]>> {
  const out = new Map<number, Participant[]>();
  for (const id of new Set(eventIds)) out.set(id, await familyParticipants(db, userId, id));
  return out;
}
