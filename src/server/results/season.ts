import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import {
  byPosition,
  CATEGORY_KEYS,
  type ClubTotal,
  clubTotals,
  defaultPointsSettings,
  formatRaceTime,
  OVERALL_GROUPS,
  type OverallGroupKey,
  type PointsSettings,
  type Ranked,
  raceEntries,
  racerKey,
  type ScoredEntry,
  type SeasonRace,
  type SeasonRacer,
  scoreRace,
  seasonByCategory,
  seasonByGroup,
  seasonClubTotals,
  seasonRacers,
} from '../../domain/results/index.ts';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { clubRaces, raceEvents, raceResults, seasonSettings } from '../db/schema-results.ts';

/**
 * A season as the tables show it, always derived from the rows kept now and the season's settings
 * (decisions.md): every calculated club race of the year scored, and the racers' season figures.
 */
export interface Season {
  year: number;
  settings: PointsSettings;
  races: { clubId: string; scored: ScoredEntry[] }[];
  racers: Map<string, SeasonRacer>;
}

export async function pointsSettingsFor(db: Db, year: number): Promise<PointsSettings> {
  const [row] = await db.select().from(seasonSettings).where(eq(seasonSettings.year, year));
  return row ? { pointsTable: row.pointsTable, countingRaces: row.countingRaces } : defaultPointsSettings();
}

export async function loadSeason(ctx: AppContext, year: number): Promise<Season> {
  const settings = await pointsSettingsFor(ctx.db, year);
  const races = await ctx.db
    .select({ id: clubRaces.id, clubId: clubRaces.clubId })
    .from(clubRaces)
    .innerJoin(raceEvents, eq(raceEvents.id, clubRaces.raceEventId))
    .where(and(eq(raceEvents.year, year), isNotNull(clubRaces.calculatedAt)))
    .orderBy(asc(clubRaces.id));
  const rows = races.length
    ? await ctx.db
        .select()
        .from(raceResults)
        .where(
          inArray(
            raceResults.clubRaceId,
            races.map((r) => r.id),
          ),
        )
        .orderBy(asc(raceResults.id))
    : [];
  const scoredRaces = races.map((race) => {
    const mine = rows
      .filter((r) => r.clubRaceId === race.id)
      .map((r) => ({
        racer_id: r.racerId,
        name: r.name,
        club: r.club,
        gender: r.gender,
        cat: r.cat,
        time: r.time,
        run_1: r.run1,
        run_2: r.run2,
        run_3: r.run3,
        manual_time: r.manualTime,
        line: r.line,
      }));
    return { id: race.id, clubId: race.clubId, scored: scoreRace(raceEntries(mine), settings) };
  });
  const seasonRaces: SeasonRace[] = scoredRaces.map((r) => ({ order: r.id, entries: r.scored }));
  return {
    year,
    settings,
    races: scoredRaces.map(({ clubId, scored }) => ({ clubId, scored })),
    racers: seasonRacers(seasonRaces, settings),
  };
}

const points = (hundredths: number) => Math.round(hundredths) / 100;

/** A racer's season figures, as every results row carries them (the Best 4 column, the badges). */
function seasonFields(r: SeasonRacer | undefined) {
  return {
    category_points_total: points(r?.categoryTotal ?? 0),
    category_best_4: points(r?.categoryBest ?? 0),
    overall_points_total: points(r?.overallTotal ?? 0),
    overall_best_4: points(r?.overallBest ?? 0),
    is_qualified: r?.qualified ?? false,
    races_needed: r?.racesNeeded ?? 0,
    races_participated: r?.races ?? 0,
  };
}

function raceRow(e: ScoredEntry, placing: 'inCategory' | 'overall', season: Season) {
  const s = seasonFields(season.racers.get(racerKey(e.racerId)));
  return {
    position: e[placing].position,
    racer_id: e.racerId,
    name: e.name,
    club: e.club,
    category: e.categoryKey,
    time: formatRaceTime(e.time),
    points: points(e[placing].points),
    ...s,
    club_points: e.clubCode === 'OTHER' ? 0 : points(e.inCategory.points),
  };
}
export type RaceRow = ReturnType<typeof raceRow>;

function grouped<T extends { position: number; name: string }>(
  order: readonly string[],
  rows: { key: string; row: T }[],
): Record<string, T[]> {
  const out: Record<string, T[]> = {};
  for (const key of order) {
    const list = rows
      .filter((r) => r.key === key)
      .map((r) => r.row)
      .sort(byPosition);
    if (list.length) out[key] = list;
  }
  return out;
}

const groupTitle = (key: OverallGroupKey) => OVERALL_GROUPS.find((g) => g.key === key)?.title ?? key;

/** A club race's category tables ('Women U08' first, as doc 3 §9 orders them). */
export function categoryResults(season: Season, clubId: string): Record<string, RaceRow[]> {
  const race = season.races.find((r) => r.clubId === clubId);
  return grouped(
    CATEGORY_KEYS,
    (race?.scored ?? []).map((e) => ({ key: e.categoryKey, row: raceRow(e, 'inCategory', season) })),
  );
}

/** A club race's overall standings in the four groups, in the admin view's order. */
export function overallStandings(season: Season, clubId: string): Record<string, RaceRow[]> {
  const race = season.races.find((r) => r.clubId === clubId);
  return grouped(
    OVERALL_GROUPS.map((g) => g.title),
    (race?.scored ?? []).map((e) => ({ key: groupTitle(e.overallGroup), row: raceRow(e, 'overall', season) })),
  );
}

function clubRow(c: ClubTotal) {
  return { position: c.position, club_id: c.club_id, club_name: c.club_name, total_points: points(c.total) };
}

export function raceClubPoints(season: Season, clubId: string) {
  const race = season.races.find((r) => r.clubId === clubId);
  return race ? clubTotals(race.scored).map(clubRow) : [];
}

function seasonRow(r: Ranked<SeasonRacer>, position: number) {
  return {
    position,
    racer_id: r.racerId,
    name: r.name,
    club: r.club,
    category: r.categoryKey,
    ...seasonFields(r),
  };
}
export type SeasonRow = ReturnType<typeof seasonRow>;

/** Season totals by category (no group asked). */
export function seasonCategoryTotals(season: Season): Record<string, SeasonRow[]> {
  const tables = seasonByCategory(season.racers);
  const out: Record<string, SeasonRow[]> = {};
  for (const key of CATEGORY_KEYS) {
    const list = tables.get(key);
    if (list?.length) out[key] = list.map((r) => seasonRow(r, r.position));
  }
  return out;
}

/** Season totals of one overall group, ranked on overall points. */
export function seasonGroupTotals(season: Season, group: OverallGroupKey): SeasonRow[] {
  return (seasonByGroup(season.racers).get(group) ?? []).map((r) => seasonRow(r, r.position));
}

export function seasonClubPoints(season: Season) {
  return seasonClubTotals(season.races.map((r, i) => ({ order: i, entries: r.scored }))).map(clubRow);
}
