import { randomInt } from 'node:crypto';
import { and, asc, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { clubCode } from '../../domain/clubs.ts';
import { EVENT_MSG } from '../../domain/events/index.ts';
import { ageCategory } from '../../domain/people/booked.ts';
import { readCategory } from '../../domain/results/categories.ts';
import { racerKey } from '../../domain/results/rows.ts';
import {
  type AllocationOrder,
  allocateBibs,
  type Entrant,
  entrantGroup,
  seededRandom,
  startOrder,
} from '../../domain/start-lists/allocate.ts';
import { START_LIST_MSG } from '../../domain/start-lists/messages.ts';
import { parseReserved } from '../../domain/start-lists/reserved.ts';
import type { RaceLink, StartList, StartListEntry } from '../../domain/start-lists/shapes.ts';
import type { AppContext } from '../context.ts';
import type { Db, Tx } from '../db/client.ts';
import { bookings, events, profiles, users } from '../db/schema.ts';
import { raceLinks, startNumbers } from '../db/schema-start-lists.ts';
import { AppError } from '../errors.ts';
import { loadSeason } from '../results/season.ts';

/* Start lists (issue 27, docs/decisions/0048): a race event's link to its club race, its entrants
 * matched to their racer records, and their bibs; their shapes are in domain/start-lists/shapes.ts. */

async function raceEventOf(db: Db | Tx, id: number) {
  const [row] = await db.select().from(events).where(eq(events.id, id));
  if (!row) throw AppError.notFound(EVENT_MSG.eventNotFound);
  return row;
}

async function linkOf(db: Db | Tx, eventId: number): Promise<RaceLink | null> {
  const [row] = await db.select().from(raceLinks).where(eq(raceLinks.eventId, eventId));
  return row
    ? {
        results_year: row.resultsYear,
        results_club: row.resultsClub,
        first_bib: row.firstBib,
        reserved: row.reserved,
        allocation_order: row.allocationOrder,
      }
    : null;
}

/** The results' club text for a racer: the club's code, else the other club they named, else OTHER. */
export function clubOf(localClub: string, otherClub: string): string {
  if (localClub === 'OTHER') return otherClub.trim() || 'OTHER';
  return localClub ? clubCode(localClub) : otherClub.trim() || 'OTHER';
}

/** Every entrant of the event with their racer record and bib, in booking order. */
export async function entrantsOf(db: Db | Tx, eventId: number, seasonYear: number): Promise<StartListEntry[]> {
  const rows = await db
    .select({
      userId: bookings.userId,
      firstName: users.firstName,
      lastName: users.lastName,
      racerId: profiles.racerId,
      gender: profiles.gender,
      dateOfBirth: profiles.dateOfBirth,
      localClub: profiles.localClub,
      otherClub: profiles.otherClub,
      bib: startNumbers.bib,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.userId))
    .innerJoin(profiles, eq(profiles.userId, bookings.userId))
    .leftJoin(startNumbers, and(eq(startNumbers.eventId, bookings.eventId), eq(startNumbers.userId, bookings.userId)))
    .where(eq(bookings.eventId, eventId))
    .orderBy(asc(bookings.id));
  return rows.map((r) => {
    const gender = r.gender === 'MALE' ? 'Men' : r.gender === 'FEMALE' ? 'Women' : null;
    const category = ageCategory(r.dateOfBirth, seasonYear);
    const birthYear = r.dateOfBirth ? Number(r.dateOfBirth.slice(0, 4)) : null;
    return {
      user_id: r.userId,
      bib: r.bib,
      racer_id: r.racerId,
      first_name: r.firstName,
      last_name: r.lastName,
      gender,
      birth_year: birthYear,
      club: clubOf(r.localClub, r.otherClub),
      category,
      group: entrantGroup({ gender, category: category ? readCategory(category) : null }),
    };
  });
}

const noRandom = () => 0;

const asEntrant = (e: StartListEntry): Entrant => ({
  userId: e.user_id,
  firstName: e.first_name,
  lastName: e.last_name,
  gender: e.gender,
  category: e.category ? readCategory(e.category) : null,
  seed: null,
});

/** GET /start-lists/{id}/: the start list, by bib. */
export async function readStartList(ctx: AppContext, eventId: number): Promise<StartList> {
  const event = await raceEventOf(ctx.db, eventId);
  const link = await linkOf(ctx.db, eventId);
  const year = link?.results_year ?? Number(event.date.slice(0, 4));
  const all = await entrantsOf(ctx.db, eventId, year);
  const numbered = all.filter((e) => e.racer_id !== null);
  const withBib = numbered.filter((e) => e.bib !== null).sort((a, b) => (a.bib ?? 0) - (b.bib ?? 0));
  const order = startOrder(numbered.filter((e) => e.bib === null).map(asEntrant), 'category', noRandom).map(
    (e) => e.userId,
  );
  const withoutBib = numbered
    .filter((e) => e.bib === null)
    .sort((a, b) => order.indexOf(a.user_id) - order.indexOf(b.user_id));
  return {
    event: { id: event.id, name: event.name, date: event.date, event_type: event.eventType },
    link,
    entries: [...withBib, ...withoutBib],
    needing_number: all.filter((e) => e.racer_id === null),
  };
}

export interface RaceEventChoice {
  id: number;
  name: string;
  date: string;
  link: RaceLink | null;
  entrants: number;
  bibs: number;
}

/** GET /start-lists/: the race events (newest first) with their links and how many have bibs. */
export async function listStartLists(ctx: AppContext): Promise<RaceEventChoice[]> {
  const races = await ctx.db
    .select({ id: events.id, name: events.name, date: events.date, booked: events.booked })
    .from(events)
    .where(eq(events.eventType, 'race'))
    .orderBy(asc(events.date), asc(events.id));
  if (races.length === 0) return [];
  const ids = races.map((r) => r.id);
  const links = await ctx.db.select().from(raceLinks).where(inArray(raceLinks.eventId, ids));
  const bibs = await ctx.db
    .select({ eventId: startNumbers.eventId })
    .from(startNumbers)
    .where(inArray(startNumbers.eventId, ids));
  return races.reverse().map((r) => {
    const l = links.find((x) => x.eventId === r.id);
    return {
      id: r.id,
      name: r.name,
      date: r.date,
      link: l
        ? {
            results_year: l.resultsYear,
            results_club: l.resultsClub,
            first_bib: l.firstBib,
            reserved: l.reserved,
            allocation_order: l.allocationOrder,
          }
        : null,
      entrants: r.booked,
      bibs: bibs.filter((b) => b.eventId === r.id).length,
    };
  });
}

/** PUT /start-lists/{id}/link/: links a race event to its club race (year and points club). */
export async function linkRace(
  ctx: AppContext,
  adminId: number,
  eventId: number,
  input: { results_year: number; results_club: string },
): Promise<RaceLink> {
  const event = await raceEventOf(ctx.db, eventId);
  if (event.eventType !== 'race') throw new AppError('BAD_REQUEST', START_LIST_MSG.notRace);
  const [other] = await ctx.db
    .select({ name: events.name })
    .from(raceLinks)
    .innerJoin(events, eq(events.id, raceLinks.eventId))
    .where(
      and(
        eq(raceLinks.resultsYear, input.results_year),
        eq(raceLinks.resultsClub, input.results_club),
        ne(raceLinks.eventId, eventId),
      ),
    );
  if (other)
    throw new AppError('CONFLICT', START_LIST_MSG.clubRaceTaken(other.name, input.results_club, input.results_year));
  try {
    await ctx.db
      .insert(raceLinks)
      .values({
        eventId,
        resultsYear: input.results_year,
        resultsClub: input.results_club,
        linkedById: adminId,
        updatedAt: ctx.now(),
      })
      .onConflictDoUpdate({
        target: raceLinks.eventId,
        set: {
          resultsYear: input.results_year,
          resultsClub: input.results_club,
          linkedById: adminId,
          updatedAt: ctx.now(),
        },
      });
  } catch (error) {
    // linked by another request meanwhile: the unique index held
    if (String((error as { code?: string }).code ?? (error as { cause?: { code?: string } }).cause?.code) === '23505')
      throw new AppError(
        'CONFLICT',
        START_LIST_MSG.clubRaceTaken('Another event', input.results_club, input.results_year),
      );
    throw error;
  }
  const link = await linkOf(ctx.db, eventId);
  if (!link) throw new Error('link vanished');
  return link;
}

export interface AllocateInput {
  order: AllocationOrder;
  first_bib: number;
  reserved: string;
  only_new: boolean;
  draw_seed?: number | undefined;
}

/** Seed points: the racer's best-counting overall points in the season before the linked year. */
async function seedPoints(ctx: AppContext, year: number): Promise<Map<string, number>> {
  const season = await loadSeason(ctx, year - 1);
  const out = new Map<string, number>();
  for (const [key, racer] of season.racers) if (racer.overallBest > 0) out.set(key, racer.overallBest);
  return out;
}

/**
 * POST /start-lists/{id}/allocate/: bibs for the entrants with a racer number. All of them afresh,
 * or only those without one (`only_new`), in one transaction on the locked link row; the unique
 * indexes hold each number and each entrant once.
 */
export async function allocate(
  ctx: AppContext,
  eventId: number,
  input: AllocateInput,
): Promise<{ message: string; allocated: number }> {
  const reserved = parseReserved(input.reserved);
  if (reserved.problems.length) throw AppError.validation({ reserved: reserved.problems });
  await raceEventOf(ctx.db, eventId);
  const linked = await linkOf(ctx.db, eventId);
  if (!linked) throw new AppError('BAD_REQUEST', START_LIST_MSG.linkFirst);
  // read before the transaction: on the embedded database a read beside an open transaction waits for it
  const seeds = input.order === 'seeded' ? await seedPoints(ctx, linked.results_year) : new Map<string, number>();
  const allocated = await ctx.db.transaction(async (tx) => {
    const [link] = await tx.select().from(raceLinks).where(eq(raceLinks.eventId, eventId)).for('update');
    if (!link) throw new AppError('BAD_REQUEST', START_LIST_MSG.linkFirst);
    if (link.resultsYear !== linked.results_year) throw new AppError('CONFLICT', START_LIST_MSG.linkChanged);
    const entries = (await entrantsOf(tx, eventId, link.resultsYear)).filter((e) => e.racer_id !== null);
    const entrants = entries.map((e) => ({
      ...asEntrant(e),
      seed: seeds.get(racerKey(String(e.racer_id))) ?? null,
    }));
    const kept = new Map<number, number>();
    if (input.only_new) for (const e of entries) if (e.bib !== null) kept.set(e.user_id, e.bib);
    const random = input.draw_seed !== undefined ? seededRandom(input.draw_seed) : seededRandom(randomInt(2 ** 31));
    const { bibs, error } = allocateBibs({
      entrants,
      order: input.order,
      firstBib: input.first_bib,
      reserved: reserved.numbers,
      kept,
      random,
    });
    if (error) throw new AppError('BAD_REQUEST', error);
    if (!input.only_new) await tx.delete(startNumbers).where(eq(startNumbers.eventId, eventId));
    // bibs of entrants no longer booked go when the new entrants are numbered
    else if (kept.size)
      await tx
        .delete(startNumbers)
        .where(and(eq(startNumbers.eventId, eventId), notInArray(startNumbers.userId, [...kept.keys()])));
    else await tx.delete(startNumbers).where(eq(startNumbers.eventId, eventId));
    if (bibs.size) {
      await tx
        .insert(startNumbers)
        .values([...bibs].map(([userId, bib]) => ({ eventId, userId, bib, allocatedAt: ctx.now() })));
    }
    await tx
      .update(raceLinks)
      .set({
        firstBib: input.first_bib,
        reserved: input.reserved.trim(),
        allocationOrder: input.order,
        updatedAt: ctx.now(),
      })
      .where(eq(raceLinks.eventId, eventId));
    return bibs.size;
  });
  return { message: START_LIST_MSG.allocated(allocated, input.only_new), allocated };
}
