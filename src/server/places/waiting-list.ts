import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { londonMoment } from '../../domain/events/registration.ts';
import { allocatePlaces, listTakesFreedPlaces, offerEnd } from '../../domain/waiting-list/allocate.ts';
import { OFFER_HOURS_DEFAULT } from '../../domain/waiting-list/messages.ts';
import type { Db, Tx } from '../db/client.ts';
import { events, siteSettings, users } from '../db/schema.ts';
import { waitingEntries, waitingMembers, waitingPlaces } from '../db/schema-waiting-list.ts';
import { queueMail } from '../mail/outbox.ts';

/**
 * The family waiting list's part of the capacity guard (issue 27; docs/decisions/0053). Every
 * function here runs inside the caller's transaction while it holds the event's row lock, as every
 * writer of an event's places does (places/guard.ts). The places kept for the list, offered to an
 * entry or kept because no entry fits yet, are counted in the event's `held`: the public sees them
 * taken, and every check of `booked + held` against the quantity covers them unchanged.
 */

export const OFFER_MAIL = 'waiting-list-offer';
const SETTING = 'waiting_list';

type EventRow = typeof events.$inferSelect;
type EntryState = (typeof waitingEntries.$inferSelect)['state'];

/** How long an offer lasts (hours): the association's setting, 48 unless changed. */
export async function offerHours(db: Db | Tx): Promise<number> {
  const [row] = await db.select().from(siteSettings).where(eq(siteSettings.key, SETTING));
  const hours = (row?.value as { offer_hours?: unknown } | undefined)?.offer_hours;
  return typeof hours === 'number' && Number.isInteger(hours) ? hours : OFFER_HOURS_DEFAULT;
}

export async function setOfferHours(db: Db, hours: number, now: Date): Promise<void> {
  const value = { offer_hours: hours };
  await db
    .insert(siteSettings)
    .values({ key: SETTING, value, updatedAt: now })
    .onConflictDoUpdate({ target: siteSettings.key, set: { value, updatedAt: now } });
}

/** When a race's entries close (London date and time), or null when its window is incomplete. */
export function entriesClose(event: Pick<EventRow, 'registrationClose' | 'registrationCloseTime'>): Date | null {
  return event.registrationClose && event.registrationCloseTime
    ? londonMoment(event.registrationClose, event.registrationCloseTime)
    : null;
}

/** The places a race's list holds (kept and offered), for the payments job's recount of `held`. */
export const listHeldSql = (eventId: ReturnType<typeof sql>) =>
  sql`(coalesce((select wp.kept from waiting_places wp where wp.event_id = ${eventId}), 0)
    + (select count(*)::int from waiting_members wm where wm.event_id = ${eventId} and wm.state = 'offered'))`;

async function setKept(tx: Tx, eventId: number, kept: number): Promise<void> {
  await tx
    .insert(waitingPlaces)
    .values({ eventId, kept })
    .onConflictDoUpdate({ target: waitingPlaces.eventId, set: { kept } });
}

async function moveListHeld(tx: Tx, eventId: number, by: number): Promise<void> {
  if (by === 0) return;
  await tx
    .update(events)
    .set({ held: sql`greatest(${events.held} + ${by}, 0)` })
    .where(eq(events.id, eventId));
}

/**
 * Gives a race's free places to its list, after anything that freed one (a cancellation, an
 * administrator's removal, a lapsed or released hold, a raised quantity, an offer declined,
 * expired or removed). While any member of the family waits and entries close more than six hours
 * from now, every free place is kept for the list (nothing freed is sold to the public): each
 * offered to the first entry it fits (domain/waiting-list/allocate.ts), the rest kept until one
 * fits. Otherwise the places kept go back to open sale. Returns how `held` moved (+ the list took
 * places, − it gave them back), for a caller that keeps the event's row in memory.
 */
export async function giveFreedPlaces(tx: Tx, eventId: number, now: Date): Promise<number> {
  const [place] = await tx.select().from(waitingPlaces).where(eq(waitingPlaces.eventId, eventId));
  const kept = place?.kept ?? 0;
  const live = await tx
    .select({ id: waitingEntries.id, mode: waitingEntries.mode, state: waitingEntries.state })
    .from(waitingEntries)
    .where(and(eq(waitingEntries.eventId, eventId), inArray(waitingEntries.state, ['waiting', 'offered'])))
    .orderBy(asc(waitingEntries.createdAt), asc(waitingEntries.id));
  if (live.length === 0 && kept === 0) return 0;
  const [event] = await tx.select().from(events).where(eq(events.id, eventId));
  if (!event) return 0;
  const members = live.length
    ? await tx
        .select({ id: waitingMembers.id, entryId: waitingMembers.entryId, state: waitingMembers.state })
        .from(waitingMembers)
        .where(
          inArray(
            waitingMembers.entryId,
            live.map((e) => e.id),
          ),
        )
        .orderBy(asc(waitingMembers.ord), asc(waitingMembers.id))
    : [];
  const waitingOf = (entryId: number) => members.filter((m) => m.entryId === entryId && m.state === 'waiting');
  const close = entriesClose(event);
  const takes =
    !event.cancelledAt &&
    event.eventType === 'race' &&
    members.some((m) => m.state === 'waiting') &&
    listTakesFreedPlaces(now, close);
  if (!takes) {
    if (kept === 0) return 0;
    await setKept(tx, eventId, 0);
    await moveListHeld(tx, eventId, -kept);
    return -kept;
  }
  const free = Math.max(0, event.quantity - event.booked - event.held);
  const { offers, kept: rest } = allocatePlaces(
    kept + free,
    live.map((e) => ({ id: e.id, mode: e.mode, waiting: waitingOf(e.id).length, offered: e.state === 'offered' })),
  );
  const ends = offerEnd(now, close, await offerHours(tx));
  for (const offer of offers) {
    const offered = waitingOf(offer.entryId).slice(0, offer.places);
    await tx
      .update(waitingMembers)
      .set({ state: 'offered' })
      .where(
        inArray(
          waitingMembers.id,
          offered.map((m) => m.id),
        ),
      );
    const [entry] = await tx
      .update(waitingEntries)
      .set({ state: 'offered', offeredAt: now, offerEndsAt: ends })
      .where(eq(waitingEntries.id, offer.entryId))
      .returning({ ownerId: waitingEntries.ownerId });
    const [owner] = entry ? await tx.select({ email: users.email }).from(users).where(eq(users.id, entry.ownerId)) : [];
    if (owner?.email) {
      await queueMail(tx, {
        template: OFFER_MAIL,
        to: owner.email,
        data: { entryId: offer.entryId },
        dedupeKey: `waiting-offer:${offer.entryId}:${now.toISOString()}`,
      });
    }
  }
  if (rest !== kept) await setKept(tx, eventId, rest);
  await moveListHeld(tx, eventId, free);
  return free;
}

/** Gives the places kept for a race's list back to the count (the caller then changes the race
 * and gives its free places to the list again). */
export async function keepNoPlaces(tx: Tx, eventId: number): Promise<void> {
  const [place] = await tx.select().from(waitingPlaces).where(eq(waitingPlaces.eventId, eventId));
  if (!place || place.kept === 0) return;
  await setKept(tx, eventId, 0);
  await moveListHeld(tx, eventId, -place.kept);
}

/** The same for several events (each locked by the caller), in id order. */
export async function giveFreedPlacesOf(tx: Tx, eventIds: Iterable<number>, now: Date): Promise<void> {
  for (const id of [...new Set(eventIds)].sort((a, b) => a - b)) await giveFreedPlaces(tx, id, now);
}

/**
 * Ends a live entry (declined, expired, removed, or closed with its race): its members leave the
 * list and the places offered to it are freed (`held` moves down; the caller then gives them on
 * with giveFreedPlaces, or lets a closed race's go). Returns how many places it freed, or null
 * when the entry was not live (ended meanwhile).
 */
export async function endEntry(
  tx: Tx,
  entryId: number,
  state: Exclude<EntryState, 'waiting' | 'offered' | 'accepted'>,
  now: Date,
  removedById: number | null = null,
): Promise<number | null> {
  const [ended] = await tx
    .update(waitingEntries)
    .set({ state, endedAt: now, removedById })
    .where(and(eq(waitingEntries.id, entryId), inArray(waitingEntries.state, ['waiting', 'offered'])))
    .returning({ eventId: waitingEntries.eventId });
  if (!ended) return null;
  const offered = await tx
    .update(waitingMembers)
    .set({ state: 'left' })
    .where(and(eq(waitingMembers.entryId, entryId), eq(waitingMembers.state, 'offered')))
    .returning({ id: waitingMembers.id });
  await tx
    .update(waitingMembers)
    .set({ state: 'left' })
    .where(and(eq(waitingMembers.entryId, entryId), eq(waitingMembers.state, 'waiting')));
  await moveListHeld(tx, ended.eventId, -offered.length);
  return offered.length;
}

/** A cancelled race's list ends: every live entry closed, its offered and kept places given back. */
export async function closeList(tx: Tx, eventId: number, now: Date): Promise<void> {
  const live = await tx
    .select({ id: waitingEntries.id })
    .from(waitingEntries)
    .where(and(eq(waitingEntries.eventId, eventId), inArray(waitingEntries.state, ['waiting', 'offered'])));
  for (const entry of live) await endEntry(tx, entry.id, 'closed', now);
  await giveFreedPlaces(tx, eventId, now);
}

/**
 * The waiting lists' part of the payments job: offers whose time ran out expire and their places
 * pass on at once; a race whose entries have closed closes its list; and six hours before the
 * close, the places a list keeps go back to open sale. Each race under its row lock. Returns how
 * many races changed (the public figures then need a fresh look).
 */
export async function followWaitingLists(db: Db, now: Date): Promise<number> {
  const due = await db
    .selectDistinct({ eventId: waitingEntries.eventId })
    .from(waitingEntries)
    .where(inArray(waitingEntries.state, ['waiting', 'offered']));
  const keeping = await db
    .select({ eventId: waitingPlaces.eventId })
    .from(waitingPlaces)
    .where(sql`${waitingPlaces.kept} > 0`);
  let changed = 0;
  for (const eventId of [...new Set([...due, ...keeping].map((r) => r.eventId))].sort((a, b) => a - b)) {
    const moved = await db.transaction(async (tx) => {
      const [event] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
      if (!event) return false;
      const [before] = await tx.select({ held: events.held }).from(events).where(eq(events.id, eventId));
      // offers whose time ran out end first (an offer lasts until the close at most)
      const lapsed = await tx
        .select({ id: waitingEntries.id })
        .from(waitingEntries)
        .where(
          and(
            eq(waitingEntries.eventId, eventId),
            eq(waitingEntries.state, 'offered'),
            sql`${waitingEntries.offerEndsAt} <= ${now}`,
          ),
        );
      for (const entry of lapsed) await endEntry(tx, entry.id, 'expired', now);
      const close = entriesClose(event);
      if (close === null || now.getTime() >= close.getTime() || event.cancelledAt) await closeList(tx, eventId, now);
      else await giveFreedPlaces(tx, eventId, now);
      const [after] = await tx.select({ held: events.held }).from(events).where(eq(events.id, eventId));
      return before?.held !== after?.held;
    });
    if (moved) changed += 1;
  }
  return changed;
}

/**
 * An account being deleted leaves every list (issue 27, members' data rights): its live entries,
 * and those it is a member of, end (their offered places pass on, each race under its lock), then
 * its entries and memberships are deleted.
 */
export async function removePersonFromLists(tx: Tx, userId: number, now: Date): Promise<void> {
  const live = await tx
    .selectDistinct({ id: waitingEntries.id, eventId: waitingEntries.eventId })
    .from(waitingEntries)
    .leftJoin(waitingMembers, eq(waitingMembers.entryId, waitingEntries.id))
    .where(
      and(
        inArray(waitingEntries.state, ['waiting', 'offered']),
        sql`(${waitingEntries.ownerId} = ${userId} or ${waitingMembers.racerId} = ${userId})`,
      ),
    );
  for (const eventId of [...new Set(live.map((e) => e.eventId))].sort((a, b) => a - b)) {
    await tx.select({ id: events.id }).from(events).where(eq(events.id, eventId)).for('update');
    for (const entry of live.filter((e) => e.eventId === eventId)) await endEntry(tx, entry.id, 'removed', now);
    await giveFreedPlaces(tx, eventId, now);
  }
  await tx.delete(waitingMembers).where(eq(waitingMembers.racerId, userId));
  await tx.delete(waitingEntries).where(eq(waitingEntries.ownerId, userId));
}
