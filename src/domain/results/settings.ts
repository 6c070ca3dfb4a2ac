import { RESULTS_MSG } from './messages.ts';

/**
 * The points settings of a season (decisions.md → Results and points): the points a place earns,
 * first place first (places beyond the table earn 0), and how many races count — the best that
 * many make 'Best 4', and a racer qualifies with at least that many races. Per season; the
 * defaults apply until an administrator changes them.
 */
export interface PointsSettings {
  pointsTable: number[];
  countingRaces: number;
}

export const DEFAULT_POINTS_TABLE: readonly number[] = [
  100, 80, 60, 50, 45, 40, 36, 32, 29, 26, 24, 22, 20, 18, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1,
];
export const DEFAULT_COUNTING_RACES = 4;
export const MAX_POINTS_PLACES = 200;
export const MAX_COUNTING_RACES = 7;
export const MAX_PLACE_POINTS = 10_000;

/** The first season the points panel offers (decisions.md: 2024 up to the current year). */
export const FIRST_POINTS_YEAR = 2024;

/** The points years (decisions.md): 2024 up to the current year, newest first. */
export function pointsYears(current: number): number[] {
  const years: number[] = [];
  for (let y = current; y >= FIRST_POINTS_YEAR; y--) years.push(y);
  return years;
}

export function defaultPointsSettings(): PointsSettings {
  return { pointsTable: [...DEFAULT_POINTS_TABLE], countingRaces: DEFAULT_COUNTING_RACES };
}

/** What is wrong with settings an administrator sends, by field, or null. */
export function pointsSettingsProblems(s: PointsSettings): Partial<Record<keyof PointsSettings, string>> | null {
  const problems: Partial<Record<keyof PointsSettings, string>> = {};
  const t = s.pointsTable;
  if (t.length < 1 || t.length > MAX_POINTS_PLACES)
    problems.pointsTable = RESULTS_MSG.pointsTableLength(MAX_POINTS_PLACES);
  else if (
    t.some(
      (p, i) =>
        !Number.isFinite(p) ||
        p < 0 ||
        p > MAX_PLACE_POINTS ||
        Math.round(p * 100) / 100 !== p ||
        (i > 0 && p > (t[i - 1] as number)),
    )
  )
    problems.pointsTable = RESULTS_MSG.pointsTableInvalid;
  if (!Number.isInteger(s.countingRaces) || s.countingRaces < 1 || s.countingRaces > MAX_COUNTING_RACES)
    problems.countingRaces = RESULTS_MSG.countingRacesInvalid(MAX_COUNTING_RACES);
  return Object.keys(problems).length ? problems : null;
}

/** The 'How points work' text, generated from the settings in force (decisions.md). */
export function howPointsWork(s: PointsSettings): string[] {
  const places = s.pointsTable.map((p, i) => `${ordinal(i + 1)} ${formatPoints(p)}`).join(', ');
  const n = s.countingRaces;
  return [
    'Each club race ranks racers by time within their gender and category. Racers with the same time share the position.',
    `Places earn points: ${places}; every place below ${ordinal(s.pointsTable.length)} earns 0. Racers who tie share the average of the points of the places they cover.`,
    'A racer without a time (DNF, DSQ, or too few valid runs: DNCR) has position 0 and 0 points.',
    'Overall points use the same table on the ranking within the four overall groups: Women U08-U12, Men U08-U12, Women U14-MA4 and Men U14-MA4.',
    "A club's points for a race are the sum of the category points of its racers; racers from clubs outside the seven points clubs score for themselves but not for a club.",
    `Season totals add up every club race of the year. Best ${n} is the sum of a racer's ${n} highest race scores. A racer qualifies with at least ${n} race${n === 1 ? '' : 's'}; the table ranks by Best ${n}, then by the total, then by the best single result.`,
  ];
}

export function formatPoints(points: number): string {
  return points.toFixed(2).replace(/\.00$/, '');
}

function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
