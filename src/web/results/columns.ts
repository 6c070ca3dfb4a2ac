import type { ClubPointsRow, RaceRow, SeasonRow } from './api.ts';
import { formatPoints, formatTime, rankedLast } from './view.ts';

/**
 * The result tables' columns, written once: the tables take their headings from here and the
 * "Download CSV" of the shown view its headings and cells, so the file has the columns the page
 * shows, in its order, with the same text.
 */

/** Which season figures a table's Best N column shows: category tables the category points,
 * overall standings the overall points. */
export type Standing = 'category' | 'overall';

export interface Column<T> {
  head: string;
  /** The cell as text (the page draws some with a badge around the same words). */
  text: (row: T) => string;
}

export const bestOf = (row: SeasonRow, standing: Standing) =>
  standing === 'category' ? row.category_best_4 : row.overall_best_4;
export const totalOf = (row: SeasonRow, standing: Standing) =>
  standing === 'category' ? row.category_points_total : row.overall_points_total;

/** Position 0 is unranked: the page shows a dash. */
export const positionText = (position: number) => (position > 0 ? String(position) : '–');

const bestText = (row: SeasonRow, standing: Standing) =>
  `${formatPoints(bestOf(row, standing))}${row.is_qualified ? '' : ' DNQ'}`;

function racerColumns(code: string): Column<SeasonRow>[] {
  return [
    { head: 'Pos', text: (r) => positionText(r.position) },
    { head: `${code} ID`, text: (r) => r.racer_id },
    { head: 'Name', text: (r) => r.name },
    { head: 'Club', text: (r) => r.club },
  ];
}

/** A club race's table (a category, or an overall group). */
export function raceColumns(code: string, counting: number, standing: Standing): Column<RaceRow>[] {
  return [
    ...racerColumns(code),
    { head: 'Time', text: (r) => formatTime(r.time) },
    { head: 'Points', text: (r) => formatPoints(r.points) },
    { head: `Best ${counting}`, text: (r) => bestText(r, standing) },
  ];
}

/** A season table: the overall groups add the racer's category. */
export function seasonColumns(code: string, counting: number, standing: Standing): Column<SeasonRow>[] {
  return [
    ...racerColumns(code),
    ...(standing === 'overall' ? [{ head: 'Category', text: (r: SeasonRow) => r.category }] : []),
    { head: 'Races', text: (r) => String(r.races_participated) },
    { head: 'Total', text: (r) => formatPoints(totalOf(r, standing)) },
    { head: `Best ${counting}`, text: (r) => bestText(r, standing) },
  ];
}

export const CLUB_COLUMNS: Column<ClubPointsRow>[] = [
  { head: 'Pos', text: (r) => positionText(r.position) },
  { head: 'Club', text: (r) => `${r.club_name} (${r.club_id})` },
  { head: 'Points', text: (r) => formatPoints(r.total_points) },
];

/** A view's CSV content: headings and rows, cells as text. */
export interface CsvTable {
  headers: string[];
  rows: string[][];
}

/**
 * The shown view as one table: each section's rows (as ranked on the page, empty sections left
 * out as the page leaves them out) under the columns' headings, each row led by its section's
 * title under `sectionHead` ("Category" or "Group"); a view of one table (club points) has no
 * section column.
 */
export function viewCsv<T extends { position: number }>(
  columns: readonly Column<T>[],
  sections: readonly [string, readonly T[]][],
  sectionHead: string | null,
): CsvTable {
  const heads = columns.map((c) => c.head);
  const rows = sections
    .filter(([, rows]) => rows.length > 0)
    .flatMap(([title, rows]) =>
      rankedLast(rows).map((row) => {
        const cells = columns.map((c) => c.text(row));
        return sectionHead === null ? cells : [title, ...cells];
      }),
    );
  return { headers: sectionHead === null ? heads : [sectionHead, ...heads], rows };
}
