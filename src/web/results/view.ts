import type { RaceEvent } from './api.ts';

/** The three result tabs (doc 3 §2), as the address names them. */
export const RESULT_TABS = [
  { value: 'categories', label: 'Categories' },
  { value: 'overall', label: 'Overall Standings' },
  { value: 'clubs', label: 'Club Points' },
] as const;
export type ResultTab = (typeof RESULT_TABS)[number]['value'];

/** The association logo's choice in the address: the season totals. */
export const SEASON = 'season';

/** What `/results?year=2026&club=HEM&tab=overall` asks for; anything unreadable is ignored. */
export interface ResultsAddress {
  year: number | null;
  club: string | null;
  tab: ResultTab;
}

export function readResultsAddress(params: URLSearchParams): ResultsAddress {
  const year = params.get('year') ?? '';
  const club = (params.get('club') ?? '').trim();
  const tab = RESULT_TABS.find((t) => t.value === params.get('tab'))?.value ?? 'categories';
  return {
    year: /^\d{4}$/.test(year) ? Number(year) : null,
    club: club === '' ? null : club.toLowerCase() === SEASON ? SEASON : club.toUpperCase().slice(0, 10),
    tab,
  };
}

/** The years that have calculated results, newest first (doc 3 §9). */
export function resultYears(events: readonly RaceEvent[]): number[] {
  return [...new Set(events.filter((e) => e.club_results.some((c) => c.points_calculated)).map((e) => e.year))].sort(
    (a, b) => b - a,
  );
}

/**
 * The year shown (doc 3 §4): the one the address asks for when it has results; else the current
 * year when it has results, else the newest; the current year when there are none (or the list
 * failed to load, when the year list falls back to the current year alone).
 */
export function chooseYear(years: readonly number[], current: number, asked: number | null): number {
  if (asked !== null && years.includes(asked)) return asked;
  if (years.includes(current)) return current;
  return years[0] ?? current;
}

/** The years the dropdown offers: those with results, or the current year alone. */
export function yearOptions(years: readonly number[], current: number): number[] {
  return years.length > 0 ? [...years] : [current];
}

/** Points to two decimals; 999.99 only where the server has none (decisions.md). */
export function formatPoints(points: number | null | undefined): string {
  return typeof points === 'number' && Number.isFinite(points) ? points.toFixed(2) : '999.99';
}

/** A time to two decimals; DNF, DSQ, DNCR and the like as they are. */
export function formatTime(time: string): string {
  return /^\d+(\.\d+)?$/.test(time) ? Number(time).toFixed(2) : time;
}

/** Position 0 means unranked: ranked last, the others in order (doc 3 §9); stable otherwise. */
export function rankedLast<T extends { position: number }>(rows: readonly T[]): T[] {
  const rank = (p: number) => (p > 0 ? p : Number.POSITIVE_INFINITY);
  return rows
    .map((row, i) => ({ row, i }))
    .sort((a, b) => rank(a.row.position) - rank(b.row.position) || a.i - b.i)
    .map(({ row }) => row);
}

/** The page's title, in the three forms of doc 3 §2. */
export function resultsTitle(year: number, choice: { clubName?: string | null; season?: boolean; code: string }) {
  if (choice.season) return `${choice.code} Season Totals ${year}`;
  if (choice.clubName) return `${choice.clubName} ${year} Results`;
  return `${year} Results`;
}

/** The club's entry in a race event, when the club has calculated results there. */
export function calculatedClub(event: RaceEvent | undefined, clubId: string | null) {
  return event?.club_results.find((c) => c.club_id === clubId && c.points_calculated) ?? null;
}
