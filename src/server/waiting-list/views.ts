import { and, asc, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { formatPrice } from '../../domain/money.ts';
import { WAITING_MSG } from '../../domain/waiting-list/messages.ts';
import type { AdminWaitingEntry, AdminWaitingList, WaitingEntry } from '../../domain/waiting-list/shapes.ts';
import type { AppContext } from '../context.ts';
import { events, users } from '../db/schema.ts';
import { waitingEntries, waitingMembers, waitingPlaces } from '../db/schema-waiting-list.ts';
import { AppError } from '../errors.ts';

/** The waiting list as its owners and administrators read it (issue 27; docs/decisions/0053). */

const LIVE = ['waiting', 'offered'] as const;

/** Entries matching `where`, newest list first, each with its members, position and offer. */
async function entriesWhere(ctx: AppContext, where: SQL | undefined): Promise<AdminWaitingEntry[]> {
  const rows = await ctx.db
    .select({
      entry: waitingEntries,
      event: { id: events.id, name: events.name, slug: events.slug, date: events.date, pricePence: events.pricePence },
      owner: { id: users.id, first: users.firstName, last: users.lastName, username: users.username },
    })
    .from(waitingEntries)
    .innerJoin(events, eq(events.id, waitingEntries.eventId))
    .innerJoin(users, eq(users.id, waitingEntries.ownerId))
    .where(where)
    .orderBy(desc(events.date), asc(waitingEntries.createdAt), asc(waitingEntries.id));
  if (rows.length === 0) return [];
  const members = await ctx.db
    .select({
      entryId: waitingMembers.entryId,
      id: users.id,
      first: users.firstName,
      last: users.lastName,
      state: waitingMembers.state,
    })
    .from(waitingMembers)
    .innerJoin(users, eq(users.id, waitingMembers.racerId))
    .where(
      inArray(
        waitingMembers.entryId,
        rows.map((r) => r.entry.id),
      ),
    )
    .orderBy(asc(waitingMembers.ord), asc(waitingMembers.id));
  // positions: each live entry's place among its race's live entries
  const live = await ctx.db
    .select({ id: waitingEntries.id, eventId: waitingEntries.eventId })
    .from(waitingEntries)
    .where(
      and(
        inArray(
          waitingEntries.eventId,
          rows.map((r) => r.event.id),
        ),
        inArray(waitingEntries.state, [...LIVE]),
      ),
    )
    .orderBy(asc(waitingEntries.createdAt), asc(waitingEntries.id));
  const position = new Map<number, number>();
  const seen = new Map<number, number>();
  for (const l of live) {
    const n = (seen.get(l.eventId) ?? 0) + 1;
    seen.set(l.eventId, n);
    position.set(l.id, n);
  }
  return rows.map(({ entry, event, owner }) => {
    const own = members.filter((m) => m.entryId === entry.id);
    const offered = own.filter((m) => m.state === 'offered').length;
    return {
      id: entry.id,
      event: {
        id: event.id,
        name: event.name,
        slug: event.slug,
        date: event.date,
        price: formatPrice(event.pricePence),
      },
      mode: entry.mode,
      state: entry.state,
      position: position.get(entry.id) ?? null,
      members: own.map((m) => ({ id: m.id, name: `${m.first} ${m.last}`.trim(), state: m.state })),
      offer:
        entry.state === 'offered' && entry.offerEndsAt
          ? {
              places: offered,
              ends_at: entry.offerEndsAt.toISOString(),
              total: formatPrice(offered * event.pricePence),
            }
          : null,
      created_at: entry.createdAt.toISOString(),
      owner: { id: owner.id, name: `${owner.first} ${owner.last}`.trim(), username: owner.username },
      ended_at: entry.endedAt?.toISOString() ?? null,
    };
  });
}

/** An owner's view leaves out what only administrators read. */
function forOwner({ owner: _owner, ended_at: _ended, ...entry }: AdminWaitingEntry): WaitingEntry {
  return entry;
}

/** GET /waiting-list/: the user's entries, live first. */
export async function myWaitingEntries(ctx: AppContext, userId: number): Promise<WaitingEntry[]> {
  const all = await entriesWhere(ctx, eq(waitingEntries.ownerId, userId));
  const rank = (e: AdminWaitingEntry) => (e.position === null ? 1 : 0);
  return all.sort((a, b) => rank(a) - rank(b)).map(forOwner);
}

/** GET /waiting-list/{id}/: one of the user's entries (404 for anyone else's). */
export async function myWaitingEntry(ctx: AppContext, userId: number, entryId: number): Promise<WaitingEntry> {
  const [entry] = await entriesWhere(ctx, and(eq(waitingEntries.id, entryId), eq(waitingEntries.ownerId, userId)));
  if (!entry) throw AppError.notFound(WAITING_MSG.notFound);
  return forOwner(entry);
}

/** GET /products/{id}/waiting-list/: a race's list for administrators, live entries by position
 * first, then those that have left it, and the places kept that no entry fits yet. */
export async function raceWaitingList(ctx: AppContext, eventId: number): Promise<AdminWaitingList> {
  const [event] = await ctx.db.select({ id: events.id }).from(events).where(eq(events.id, eventId));
  if (!event) throw AppError.notFound('Event not found.');
  const entries = await entriesWhere(ctx, eq(waitingEntries.eventId, eventId));
  const [place] = await ctx.db.select().from(waitingPlaces).where(eq(waitingPlaces.eventId, eventId));
  const order = (e: AdminWaitingEntry) => e.position ?? Number.MAX_SAFE_INTEGER;
  return { entries: entries.sort((a, b) => order(a) - order(b)), kept: place?.kept ?? 0 };
}
