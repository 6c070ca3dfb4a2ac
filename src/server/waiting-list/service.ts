import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { BOOKING_MSG, personName } from '../../domain/cart/index.ts';
import { EVENT_MSG } from '../../domain/events/messages.ts';
import { PAYMENT_MSG } from '../../domain/payments/index.ts';
import { WAITING_MSG } from '../../domain/waiting-list/messages.ts';
import type { JoinWaitingList } from '../../domain/waiting-list/shapes.ts';
import type { AppContext } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { PG, pgErrorCode } from '../db/pg-errors.ts';
import { bookings, cartItems, events, paymentLines, payments, users } from '../db/schema.ts';
import { waitingEntries, waitingMembers } from '../db/schema-waiting-list.ts';
import { AppError } from '../errors.ts';
import { windowRefusal } from '../events/service.ts';
import { logPayment } from '../payments/log.ts';
import { familyParticipants } from '../people/participants.ts';
import { lockEvent, moveBooked, releaseLapsedHolds, withEventLocked } from '../places/guard.ts';
import { endEntry, giveFreedPlaces } from '../places/waiting-list.ts';
import { dropPublicCacheSoon } from '../plugins/public-cache.ts';

/**
 * The family waiting list (issue 27; docs/decisions/0053): a parent joins a full race's list, answers
 * an offer (Accept books a free race at once, or holds the places in a payment and the cart until the
 * offer ends; Decline passes them on), leaves it; an administrator removes an entry. Every change of
 * places runs under the race's row lock, and the list's own share of the places is
 * places/waiting-list.ts.
 */

type EntryRow = typeof waitingEntries.$inferSelect;

const notFound = () => AppError.notFound(WAITING_MSG.notFound);

/** POST /products/{id}/waiting-list/: joins a full race's list for one to four of the family. */
export async function joinWaitingList(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: JoinWaitingList,
): Promise<{ message: string; entryId: number }> {
  const now = ctx.now();
  try {
    return await withEventLocked(ctx, eventId, async (tx, event) => {
      if (!event) throw AppError.notFound(EVENT_MSG.eventNotFound);
      if (event.eventType !== 'race') throw new AppError('CONFLICT', WAITING_MSG.notRace);
      const refusal = windowRefusal(event, now);
      if (refusal) throw new AppError('CONFLICT', refusal);
      const family = await familyParticipants(tx, userId, eventId);
      const chosen = input.participants.map((id) => family.find((p) => p.id === id));
      for (const person of chosen) {
        if (!person) throw AppError.validation({ participants: [WAITING_MSG.notFamily] });
        const who = personName(person);
        if (person.status === 'Booked') throw new AppError('CONFLICT', BOOKING_MSG.alreadyBooked(who));
        if (!person.isRacer || person.racerStatus !== 'APPROVED') {
          throw new AppError('CONFLICT', BOOKING_MSG.cannotEnter(who));
        }
      }
      const waiting = await tx
        .select({ racerId: waitingMembers.racerId })
        .from(waitingMembers)
        .where(
          and(
            eq(waitingMembers.eventId, eventId),
            inArray(waitingMembers.racerId, input.participants),
            inArray(waitingMembers.state, ['waiting', 'offered']),
          ),
        );
      const already = chosen.find((p) => waiting.some((w) => w.racerId === p?.id));
      if (already) throw new AppError('CONFLICT', WAITING_MSG.alreadyWaiting(personName(already), event.name));
      // full: every place booked or held once lapsed holds are back (the list may take those)
      const free = event.quantity - event.booked - event.held + (await releaseLapsedHolds(tx, eventId, now));
      if (free > 0) throw new AppError('CONFLICT', WAITING_MSG.notFull);
      const [entry] = await tx
        .insert(waitingEntries)
        .values({ eventId, ownerId: userId, mode: input.mode, createdAt: now })
        .returning();
      if (!entry) throw new Error('waiting entry insert returned nothing');
      await tx
        .insert(waitingMembers)
        .values(input.participants.map((racerId, ord) => ({ entryId: entry.id, eventId, racerId, ord })));
      // places kept for the list that no earlier entry fits may fit this one at once
      await giveFreedPlaces(tx, eventId, now);
      return { message: WAITING_MSG.joined(event.name), entryId: entry.id };
    });
  } catch (error) {
    // two joins at once for the same racer: the live-member index refuses the second
    if (pgErrorCode(error) === PG.uniqueViolation) throw new AppError('CONFLICT', WAITING_MSG.alreadyWaitingShort);
    throw error;
  }
}

/** The entry if the user owns it (404 otherwise: another family's entry is not theirs to see). */
async function ownEntry(ctx: AppContext, userId: number, entryId: number): Promise<EntryRow> {
  const [entry] = await ctx.db
    .select()
    .from(waitingEntries)
    .where(and(eq(waitingEntries.id, entryId), eq(waitingEntries.ownerId, userId)));
  if (!entry) throw notFound();
  return entry;
}

/** The entry again under the race's lock, with its offer checked: open and not ended. */
async function openOffer(tx: Tx, entryId: number, now: Date): Promise<EntryRow> {
  const [entry] = await tx.select().from(waitingEntries).where(eq(waitingEntries.id, entryId));
  if (!entry) throw notFound();
  if (
    entry.state === 'expired' ||
    (entry.state === 'offered' && (entry.offerEndsAt?.getTime() ?? 0) <= now.getTime())
  ) {
    throw new AppError('CONFLICT', WAITING_MSG.offerEnded);
  }
  if (entry.state !== 'offered') throw new AppError('CONFLICT', WAITING_MSG.noOffer);
  return entry;
}

/**
 * POST /waiting-list/{id}/accept/: the owner takes the places offered. A free race books them at
 * once; a paid race's places move into a payment of the owner's, held until the offer ends, and
 * into the cart, so /payment pays for them (a start carries the hold end over: payments/start.ts).
 * An "any" entry's members without a place keep its position.
 */
export async function acceptOffer(
  ctx: AppContext,
  userId: number,
  entryId: number,
): Promise<{ message: string; checkout: boolean }> {
  const owned = await ownEntry(ctx, userId, entryId);
  const now = ctx.now();
  const answer = await ctx.db.transaction(async (tx) => {
    const event = await lockEvent(tx, owned.eventId);
    if (!event) throw notFound();
    const entry = await openOffer(tx, entryId, now);
    const offered = await tx
      .select({ id: waitingMembers.id, racerId: waitingMembers.racerId })
      .from(waitingMembers)
      .where(and(eq(waitingMembers.entryId, entryId), eq(waitingMembers.state, 'offered')))
      .orderBy(asc(waitingMembers.ord));
    const family = await familyParticipants(tx, userId, event.id);
    const people = offered.map((m) => family.find((p) => p.id === m.racerId));
    for (const person of people) {
      if (!person) throw new AppError('CONFLICT', WAITING_MSG.notFamily);
      if (person.status === 'Booked') throw new AppError('CONFLICT', BOOKING_MSG.alreadyBooked(personName(person)));
    }
    const names = people.map((p) => (p ? personName(p) : '')).join(' and ');
    let result: { message: string; checkout: boolean };
    if (event.pricePence === 0) {
      await tx.insert(bookings).values(
        offered.map((m) => ({
          eventId: event.id,
          userId: m.racerId,
          bookedById: userId,
          source: 'FREE' as const,
          createdAt: now,
        })),
      );
      // the offered places, counted held, become booked ones
      await moveBooked(tx, event.id, offered.length, -offered.length);
      result = { message: WAITING_MSG.acceptedFree(names, event.name), checkout: false };
    } else {
      const provider = ctx.payments.card ?? ctx.payments.wallet;
      if (!provider) throw new AppError('NOT_CONFIGURED', PAYMENT_MSG.notConfigured);
      const heldUntil = entry.offerEndsAt ?? now;
      const total = event.pricePence * offered.length;
      const [payment] = await tx
        .insert(payments)
        .values({ userId, provider: provider.name, amountPence: total, heldUntil, createdAt: now })
        .returning({ id: payments.id });
      if (!payment) throw new Error('payment insert returned nothing');
      await logPayment(tx, { paymentId: payment.id, state: 'started', cause: 'user', actorId: userId });
      // the places the offer held are now this payment's (held stays as it is)
      await tx.insert(paymentLines).values(
        offered.map((m) => ({
          paymentId: payment.id,
          eventId: event.id,
          participantId: m.racerId,
          pricePence: event.pricePence,
          heldUntil,
        })),
      );
      await logPayment(tx, {
        paymentId: payment.id,
        state: 'held',
        cause: 'user',
        actorId: userId,
        detail: `${offered.length} place(s) held until ${heldUntil.toISOString()} (waiting-list offer)`,
      });
      await tx
        .insert(cartItems)
        .values(offered.map((m) => ({ ownerId: userId, eventId: event.id, participantId: m.racerId, createdAt: now })))
        .onConflictDoNothing();
      result = { message: WAITING_MSG.acceptedPaid(total), checkout: true };
    }
    await tx
      .update(waitingMembers)
      .set({ state: 'accepted' })
      .where(
        inArray(
          waitingMembers.id,
          offered.map((m) => m.id),
        ),
      );
    const [still] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(waitingMembers)
      .where(and(eq(waitingMembers.entryId, entryId), eq(waitingMembers.state, 'waiting')));
    // an "any" entry's members still waiting keep its position
    await tx
      .update(waitingEntries)
      .set(
        Number(still?.n ?? 0) > 0
          ? { state: 'waiting', offeredAt: null, offerEndsAt: null }
          : { state: 'accepted', endedAt: now },
      )
      .where(eq(waitingEntries.id, entryId));
    await giveFreedPlaces(tx, event.id, now);
    return result;
  });
  await dropPublicCacheSoon(ctx);
  return answer;
}

/** Ends the user's own entry: declining an offer (its places pass on at once) or leaving the list. */
export async function leaveWaitingList(
  ctx: AppContext,
  userId: number,
  entryId: number,
  why: 'decline' | 'leave',
): Promise<{ message: string }> {
  const owned = await ownEntry(ctx, userId, entryId);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await lockEvent(tx, owned.eventId))) throw notFound();
    if (why === 'decline') await openOffer(tx, entryId, now);
    const freed = await endEntry(tx, entryId, 'declined', now);
    if (freed === null) throw new AppError('CONFLICT', WAITING_MSG.noOffer);
    await giveFreedPlaces(tx, owned.eventId, now);
  });
  await dropPublicCacheSoon(ctx);
  return { message: why === 'decline' ? WAITING_MSG.declined : WAITING_MSG.left };
}

/** DELETE /waiting-list/{id}/: an administrator removes an entry; its offered places pass on. */
export async function removeWaitingEntry(
  ctx: AppContext,
  adminId: number,
  entryId: number,
): Promise<{ message: string }> {
  const [found] = await ctx.db
    .select({ entry: waitingEntries, event: events.name })
    .from(waitingEntries)
    .innerJoin(events, eq(events.id, waitingEntries.eventId))
    .where(eq(waitingEntries.id, entryId));
  if (!found) throw notFound();
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    if (!(await lockEvent(tx, found.entry.eventId))) throw notFound();
    if ((await endEntry(tx, entryId, 'removed', now, adminId)) === null) throw notFound();
    await giveFreedPlaces(tx, found.entry.eventId, now);
  });
  await dropPublicCacheSoon(ctx);
  const owner = await ownerName(ctx, found.entry.ownerId);
  return { message: WAITING_MSG.removed(owner, found.event) };
}

async function ownerName(ctx: AppContext, userId: number): Promise<string> {
  const [owner] = await ctx.db
    .select({ first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, userId));
  return owner ? `${owner.first} ${owner.last}`.trim() : 'The family';
}
