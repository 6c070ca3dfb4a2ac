import { categoryKey, type Gender, type OverallGroupKey, overallGroupOf, type ResultCategory } from './categories.ts';
import { type ClubMatch, isPointsClub, type PointsClubCode } from './clubs.ts';
import { type ClubTotal, rankClubTotals, rankDescending, type ScoredEntry } from './points.ts';
import { racerKey } from './rows.ts';
import type { PointsSettings } from './settings.ts';

/**
 * Season totals (decisions.md → Results and points): per racer, sums over the year's calculated
 * club races; Best N is the sum of the N highest race scores (N the season's counting races); a
 * racer qualifies with at least N races (a race counts when the racer has a result in it: DNS rows
 * are never uploaded, so every row is a race started); races needed = max(0, N − races). Ranked by
 * Best N, then the total, then the best single result; racers equal on all three share the place.
 * A racer is one racer number across the season; name, club, gender and category are those of
 * their latest race.
 */
export interface SeasonRace {
  /** Later races have higher order (the club race's id). */
  order: number;
  entries: readonly ScoredEntry[];
}

export interface SeasonRacer {
  key: string;
  racerId: string;
  name: string;
  club: string;
  clubCode: ClubMatch;
  gender: Gender;
  category: ResultCategory;
  categoryKey: string;
  overallGroup: OverallGroupKey;
  races: number;
  /** Hundredths, as every figure below. */
  categoryTotal: number;
  categoryBest: number;
  categoryTop: number;
  overallTotal: number;
  overallBest: number;
  overallTop: number;
  qualified: boolean;
  racesNeeded: number;
}

const sumOfBest = (scores: number[], n: number) =>
  [...scores]
    .sort((a, b) => b - a)
    .slice(0, n)
    .reduce((s, x) => s + x, 0);

export function seasonRacers(races: readonly SeasonRace[], settings: PointsSettings): Map<string, SeasonRacer> {
  const seen = new Map<string, { latest: ScoredEntry; order: number; cat: number[]; overall: number[] }>();
  for (const race of races) {
    for (const e of race.entries) {
      const key = racerKey(e.racerId);
      const got = seen.get(key) ?? { latest: e, order: race.order, cat: [], overall: [] };
      if (race.order >= got.order) {
        got.latest = e;
        got.order = race.order;
      }
      got.cat.push(e.inCategory.points);
      got.overall.push(e.overall.points);
      seen.set(key, got);
    }
  }
  const n = settings.countingRaces;
  const result = new Map<string, SeasonRacer>();
  for (const [key, { latest, cat, overall }] of seen) {
    const races = cat.length;
    result.set(key, {
      key,
      racerId: latest.racerId,
      name: latest.name,
      club: latest.club,
      clubCode: latest.clubCode,
      gender: latest.gender,
      category: latest.category,
      categoryKey: categoryKey(latest.gender, latest.category),
      overallGroup: overallGroupOf(latest.gender, latest.category).key,
      races,
      categoryTotal: cat.reduce((s, x) => s + x, 0),
      categoryBest: sumOfBest(cat, n),
      categoryTop: Math.max(...cat),
      overallTotal: overall.reduce((s, x) => s + x, 0),
      overallBest: sumOfBest(overall, n),
      overallTop: Math.max(...overall),
      qualified: races >= n,
      racesNeeded: Math.max(0, n - races),
    });
  }
  return result;
}

export type Ranked<T> = T & { position: number };

function rankedGroups<K>(
  racers: Iterable<SeasonRacer>,
  keyOf: (r: SeasonRacer) => K,
  score: (r: SeasonRacer) => [number, number, number],
): Map<K, Ranked<SeasonRacer>[]> {
  const groups = new Map<K, SeasonRacer[]>();
  for (const r of racers) {
    const list = groups.get(keyOf(r)) ?? [];
    list.push(r);
    groups.set(keyOf(r), list);
  }
  const compare = (a: SeasonRacer, b: SeasonRacer) => {
    const [a1, a2, a3] = score(a);
    const [b1, b2, b3] = score(b);
    return b1 - a1 || b2 - a2 || b3 - a3;
  };
  const out = new Map<K, Ranked<SeasonRacer>[]>();
  for (const [k, list] of groups) {
    out.set(
      k,
      rankDescending(list, compare)
        .map(({ row, position }) => ({ ...row, position }))
        .sort((a, b) => a.position - b.position || a.name.localeCompare(b.name)),
    );
  }
  return out;
}

/** Season tables by category ('Women U08'), ranked on category points. */
export function seasonByCategory(racers: Map<string, SeasonRacer>): Map<string, Ranked<SeasonRacer>[]> {
  return rankedGroups(
    racers.values(),
    (r) => r.categoryKey,
    (r) => [r.categoryBest, r.categoryTotal, r.categoryTop],
  );
}

/** Season tables by overall group, ranked on overall points. */
export function seasonByGroup(racers: Map<string, SeasonRacer>): Map<OverallGroupKey, Ranked<SeasonRacer>[]> {
  return rankedGroups(
    racers.values(),
    (r) => r.overallGroup,
    (r) => [r.overallBest, r.overallTotal, r.overallTop],
  );
}

/** The season's club points: each points club's race totals added up. */
export function seasonClubTotals(races: readonly SeasonRace[]): ClubTotal[] {
  const totals = new Map<PointsClubCode, number>();
  for (const race of races) {
    for (const e of race.entries) {
      if (!isPointsClub(e.clubCode)) continue;
      totals.set(e.clubCode, (totals.get(e.clubCode) ?? 0) + e.inCategory.points);
    }
  }
  return rankClubTotals(totals);
}
