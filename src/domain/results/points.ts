import { categoryKey, type Gender, type OverallGroupKey, overallGroupOf, type ResultCategory } from './categories.ts';
import { type ClubMatch, isPointsClub, POINTS_CLUBS, type PointsClubCode } from './clubs.ts';
import type { PointsSettings } from './settings.ts';
import type { RaceTime } from './times.ts';

/**
 * One club race's points (decisions.md → Results and points): racers ranked by time within gender
 * and category, positions shared on equal times (to the hundredth), points from the table by
 * position with tied racers sharing the average of the places they cover, position 0 and 0 points
 * without a time; the same on the four overall groups; a club's points the sum of its racers'
 * category points. Points are carried as whole hundredths so sums are exact.
 */
export interface RaceEntry {
  racerId: string;
  name: string;
  /** The club as the results show it: the points club's code, else the file's text. */
  club: string;
  clubCode: ClubMatch;
  gender: Gender;
  category: ResultCategory;
  time: RaceTime;
}

export interface Placing {
  /** 1-based; 0 without a time. */
  position: number;
  /** Hundredths of a point. */
  points: number;
}

export interface ScoredEntry extends RaceEntry {
  categoryKey: string;
  overallGroup: OverallGroupKey;
  category: ResultCategory;
  inCategory: Placing;
  overall: Placing;
}

export interface ClubTotal {
  club_id: PointsClubCode;
  club_name: string;
  /** Hundredths. */
  total: number;
  position: number;
}

/** The points for each of `times` (hundredths, or null without a time): competition ranking
 * (1, 2, 2, 4), tied places share the average of the table's points for the places they cover,
 * rounded to the hundredth. */
export function placings(times: readonly (number | null)[], pointsTable: readonly number[]): Placing[] {
  const sorted = times.filter((t): t is number => t !== null).sort((a, b) => a - b);
  const tableHundredths = pointsTable.map((p) => Math.round(p * 100));
  const cache = new Map<number, Placing>();
  return times.map((t) => {
    if (t === null) return { position: 0, points: 0 };
    const known = cache.get(t);
    if (known) return known;
    const first = sorted.indexOf(t);
    let count = 1;
    while (sorted[first + count] === t) count += 1;
    let sum = 0;
    for (let i = first; i < first + count; i++) sum += tableHundredths[i] ?? 0;
    const placing = { position: first + 1, points: Math.round(sum / count) };
    cache.set(t, placing);
    return placing;
  });
}

const hundredthsOf = (time: RaceTime): number | null => ('hundredths' in time ? time.hundredths : null);

function scoreWithin<K>(entries: readonly RaceEntry[], keyOf: (e: RaceEntry) => K, table: readonly number[]) {
  const groups = new Map<K, number[]>();
  entries.forEach((e, i) => {
    const k = keyOf(e);
    const list = groups.get(k) ?? [];
    list.push(i);
    groups.set(k, list);
  });
  const result: Placing[] = new Array(entries.length);
  for (const indexes of groups.values()) {
    const got = placings(
      indexes.map((i) => hundredthsOf((entries[i] as RaceEntry).time)),
      table,
    );
    indexes.forEach((entryIndex, j) => {
      result[entryIndex] = got[j] as Placing;
    });
  }
  return result;
}

export function scoreRace(entries: readonly RaceEntry[], settings: PointsSettings): ScoredEntry[] {
  const inCategory = scoreWithin(entries, (e) => categoryKey(e.gender, e.category), settings.pointsTable);
  const overall = scoreWithin(entries, (e) => overallGroupOf(e.gender, e.category).key, settings.pointsTable);
  return entries.map((e, i) => ({
    ...e,
    categoryKey: categoryKey(e.gender, e.category),
    overallGroup: overallGroupOf(e.gender, e.category).key,
    inCategory: inCategory[i] as Placing,
    overall: overall[i] as Placing,
  }));
}

/** Ranks by a score, highest first; equal scores share the position (1, 2, 2, 4). */
export function rankDescending<T>(rows: readonly T[], compare: (a: T, b: T) => number): { row: T; position: number }[] {
  const sorted = [...rows].sort(compare);
  const ranked: { row: T; position: number }[] = [];
  sorted.forEach((row, i) => {
    const previous = ranked[i - 1];
    const position = previous && compare(previous.row, row) === 0 ? previous.position : i + 1;
    ranked.push({ row, position });
  });
  return ranked;
}

/** A race's club points: every points club with a racer in it, highest total first, ties sharing
 * the position. */
export function clubTotals(scored: readonly ScoredEntry[]): ClubTotal[] {
  const totals = new Map<PointsClubCode, number>();
  for (const e of scored) {
    if (!isPointsClub(e.clubCode)) continue;
    totals.set(e.clubCode, (totals.get(e.clubCode) ?? 0) + e.inCategory.points);
  }
  return rankClubTotals(totals);
}

export function rankClubTotals(totals: Map<PointsClubCode, number>): ClubTotal[] {
  const order = (code: PointsClubCode) => POINTS_CLUBS.findIndex((c) => c.code === code);
  return rankDescending([...totals], (a, b) => b[1] - a[1])
    .map(({ row: [code, total], position }) => ({
      club_id: code,
      club_name: POINTS_CLUBS[order(code)]?.name ?? code,
      total,
      position,
    }))
    .sort((a, b) => a.position - b.position || order(a.club_id) - order(b.club_id));
}

/** Rows in table order: position ascending with position 0 (no time) last, then by name. */
export function byPosition<T extends { position: number; name: string }>(a: T, b: T): number {
  const pa = a.position === 0 ? Number.POSITIVE_INFINITY : a.position;
  const pb = b.position === 0 ? Number.POSITIVE_INFINITY : b.position;
  return pa - pb || a.name.localeCompare(b.name);
}
