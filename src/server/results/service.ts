import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  computedTime,
  duplicateMessage,
  duplicateRacers,
  FIRST_POINTS_YEAR,
  isPointsClub,
  POINTS_CLUBS,
  type PointsSettings,
  pointsSettingsProblems,
  pointsYears,
  RESULTS_MSG,
  type ResultRow,
  racerKey,
  rowPlace,
  rowProblems,
  settleRow,
} from '../../domain/results/index.ts';
import { erasedNames } from '../accounts/account-deletion.ts';
import type { AppContext } from '../context.ts';
import { clubRaces, raceEvents, raceResults, seasonSettings } from '../db/schema-results.ts';
import { AppError, type FieldErrors } from '../errors.ts';
import { invalidatePublicCache } from '../plugins/public-cache.ts';

type RaceEventRow = typeof raceEvents.$inferSelect;

export interface ClubResult {
  club_id: string;
  club_name: string;
  points_calculated: boolean;
}

export interface RaceEventView {
  id: number;
  name: string;
  date: string | null;
  year: number;
  status: 'draft' | 'published';
  club_results: ClubResult[];
}

async function clubResultsOf(ctx: AppContext, eventIds: number[]): Promise<Map<number, ClubResult[]>> {
  const rows = eventIds.length
    ? await ctx.db
        .select({ raceEventId: clubRaces.raceEventId, clubId: clubRaces.clubId, calculatedAt: clubRaces.calculatedAt })
        .from(clubRaces)
        .where(inArray(clubRaces.raceEventId, eventIds))
    : [];
  const out = new Map<number, ClubResult[]>();
  for (const id of eventIds) {
    out.set(
      id,
      POINTS_CLUBS.map((c) => ({
        club_id: c.code,
        club_name: c.name,
        points_calculated: rows.some((r) => r.raceEventId === id && r.clubId === c.code && r.calculatedAt !== null),
      })),
    );
  }
  return out;
}

function view(event: RaceEventRow, clubs: ClubResult[]): RaceEventView {
  return {
    id: event.id,
    name: event.name,
    date: event.date,
    year: event.year,
    status: event.status,
    club_results: clubs,
  };
}

/** Race events, newest year first, of one year when asked; `withResults` keeps only those with a
 * calculated club race (the public list: the years that have results). */
export async function listRaceEvents(
  ctx: AppContext,
  year: number | undefined,
  withResults = false,
): Promise<RaceEventView[]> {
  const events = await ctx.db
    .select()
    .from(raceEvents)
    .where(year === undefined ? undefined : eq(raceEvents.year, year))
    .orderBy(asc(raceEvents.year));
  const clubs = await clubResultsOf(
    ctx,
    events.map((e) => e.id),
  );
  return events
    .reverse()
    .map((e) => view(e, clubs.get(e.id) ?? []))
    .filter((e) => !withResults || e.club_results.some((c) => c.points_calculated));
}

export async function readRaceEvent(ctx: AppContext, id: number): Promise<RaceEventView> {
  const [event] = await ctx.db.select().from(raceEvents).where(eq(raceEvents.id, id));
  if (!event) throw AppError.notFound(RESULTS_MSG.raceEventNotFound);
  return view(event, (await clubResultsOf(ctx, [id])).get(id) ?? []);
}

export async function raceEventYear(ctx: AppContext, id: number): Promise<number> {
  const [event] = await ctx.db.select({ year: raceEvents.year }).from(raceEvents).where(eq(raceEvents.id, id));
  if (!event) throw AppError.notFound(RESULTS_MSG.raceEventNotFound);
  return event.year;
}

/** A season's race event: 'Club Race {year}', draft, unless told otherwise; one per year (the
 * unique index settles two administrators creating it at once). */
export async function createRaceEvent(
  ctx: AppContext,
  input: {
    name?: string | undefined;
    date?: string | null | undefined;
    year: number;
    status?: 'draft' | 'published' | undefined;
  },
): Promise<RaceEventView> {
  // the seasons the points panel offers (decisions.md); a year's event is made when it is opened
  const current = ctx.now().getUTCFullYear();
  if (!pointsYears(current).includes(input.year)) {
    throw AppError.validation({ year: [RESULTS_MSG.yearInvalid(FIRST_POINTS_YEAR, current)] });
  }
  const [created] = await ctx.db
    .insert(raceEvents)
    .values({
      name: input.name?.trim() || `Club Race ${input.year}`,
      date: input.date ?? null,
      year: input.year,
      status: input.status ?? 'draft',
    })
    .onConflictDoNothing()
    .returning();
  if (!created) throw new AppError('CONFLICT', RESULTS_MSG.raceEventExists(input.year));
  await invalidatePublicCache(ctx);
  return view(created, (await clubResultsOf(ctx, [created.id])).get(created.id) ?? []);
}

export interface UploadInput {
  clubId: string;
  clubName: string;
  year: number;
  threeRuns: boolean | undefined;
  results: ResultRow[];
}

/**
 * A club's results for the race event (doc 3 §5, §7): every row re-checked; times recomputed from
 * the runs except those the administrator typed (kept, with who, when and the time they
 * replaced); the club's earlier results for the event replaced in one transaction; the points
 * calculated. Rows whose time is DNS are not kept.
 */
export async function uploadResults(
  ctx: AppContext,
  userId: number,
  eventId: number,
  input: UploadInput,
): Promise<{ message: string; rows: number }> {
  if (!isPointsClub(input.clubId)) throw AppError.validation({ club_id: [RESULTS_MSG.clubNotFound] });
  const year = await raceEventYear(ctx, eventId);
  if (input.year !== year) throw AppError.validation({ year: [RESULTS_MSG.yearMismatch(year, input.year)] });
  const threeRuns = input.threeRuns ?? input.results.some((r) => r.run_3.trim() !== '');
  const problems: FieldErrors = {};
  input.results.forEach((row, i) => {
    for (const [field, message] of Object.entries(rowProblems(row, ctx.config.association.code))) {
      problems[`results.${i}.${field}`] = [`${rowPlace(row, i)}: ${message}`];
    }
  });
  for (const d of duplicateRacers(input.results)) {
    problems.results = [...(problems.results ?? []), duplicateMessage(ctx.config.association.code, d)];
  }
  if (Object.keys(problems).length) throw AppError.validation(problems);
  const kept = input.results
    .map((row) => ({ row: settleRow(row, threeRuns), computed: computedTime(row, threeRuns) }))
    .filter(({ row }) => row.time !== 'DNS');
  if (kept.length === 0) throw new AppError('BAD_REQUEST', RESULTS_MSG.nothingToCalculate);
  const now = ctx.now();
  const clubName = POINTS_CLUBS.find((c) => c.code === input.clubId)?.name ?? input.clubName;
  await ctx.db.transaction(async (tx) => {
    const [race] = await tx
      .insert(clubRaces)
      .values({
        raceEventId: eventId,
        clubId: input.clubId,
        clubName,
        threeRuns,
        uploadedAt: now,
        uploadedById: userId,
        calculatedAt: now,
      })
      .onConflictDoUpdate({
        target: [clubRaces.raceEventId, clubRaces.clubId],
        set: { clubName, threeRuns, uploadedAt: now, uploadedById: userId, calculatedAt: now },
      })
      .returning({ id: clubRaces.id });
    if (!race) throw new Error('club race upsert returned nothing');
    await tx.delete(raceResults).where(eq(raceResults.clubRaceId, race.id));
    // a deleted account's racer stays "Deleted racer #n" whatever name the file gives (issue 27)
    const erased = await erasedNames(
      tx,
      kept.map(({ row }) => row.racer_id),
    );
    for (let start = 0; start < kept.length; start += 500) {
      await tx.insert(raceResults).values(
        kept.slice(start, start + 500).map(({ row, computed }) => ({
          clubRaceId: race.id,
          line: row.line,
          racerId: row.racer_id,
          name: erased.get(racerKey(row.racer_id)) ?? row.name,
          club: row.club,
          gender: row.gender,
          cat: row.cat,
          time: row.time,
          run1: row.run_1,
          run2: row.run_2,
          run3: row.run_3,
          manualTime: row.manual_time,
          computedTime: row.manual_time ? computed : null,
          manualById: row.manual_time ? userId : null,
          manualAt: row.manual_time ? now : null,
          original: row.original || null,
        })),
      );
    }
  });
  await invalidatePublicCache(ctx);
  return { message: RESULTS_MSG.uploaded(kept.length, input.clubId), rows: kept.length };
}

/** Removes a club's results for the race event (its rows go with it). */
export async function deleteClubData(ctx: AppContext, eventId: number, clubId: string): Promise<{ message: string }> {
  if (!isPointsClub(clubId)) throw AppError.notFound(RESULTS_MSG.clubNotFound);
  const year = await raceEventYear(ctx, eventId);
  const deleted = await ctx.db
    .delete(clubRaces)
    .where(and(eq(clubRaces.raceEventId, eventId), eq(clubRaces.clubId, clubId)))
    .returning({ id: clubRaces.id });
  if (deleted.length === 0) throw AppError.notFound(RESULTS_MSG.noClubData(clubId, year));
  await invalidatePublicCache(ctx);
  return { message: RESULTS_MSG.clubDeleted(clubId, year) };
}

/** Whether the year has any calculated club race (the season logo is greyed without). */
export async function yearHasResults(ctx: AppContext, year: number): Promise<boolean> {
  const [row] = await ctx.db
    .select({ id: clubRaces.id })
    .from(clubRaces)
    .innerJoin(raceEvents, eq(raceEvents.id, clubRaces.raceEventId))
    .where(and(eq(raceEvents.year, year), isNotNull(clubRaces.calculatedAt)))
    .limit(1);
  return Boolean(row);
}

export async function saveSettings(
  ctx: AppContext,
  userId: number,
  year: number,
  settings: PointsSettings,
): Promise<PointsSettings & { message: string }> {
  const problems = pointsSettingsProblems(settings);
  if (problems) {
    throw AppError.validation(
      Object.fromEntries(
        Object.entries(problems).map(([k, v]) => [k === 'pointsTable' ? 'points_table' : 'counting_races', [v]]),
      ),
    );
  }
  const now = ctx.now();
  await ctx.db
    .insert(seasonSettings)
    .values({
      year,
      pointsTable: settings.pointsTable,
      countingRaces: settings.countingRaces,
      updatedAt: now,
      updatedById: userId,
    })
    .onConflictDoUpdate({
      target: seasonSettings.year,
      set: {
        pointsTable: settings.pointsTable,
        countingRaces: settings.countingRaces,
        updatedAt: now,
        updatedById: userId,
      },
    });
  await invalidatePublicCache(ctx);
  return { ...settings, message: RESULTS_MSG.settingsSaved };
}
