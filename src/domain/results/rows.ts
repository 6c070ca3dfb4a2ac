import { textProblem } from '../text.ts';
import { readCategory, readGender } from './categories.ts';
import { RESULTS_MSG } from './messages.ts';
import { computeTime, formatRaceTime, isRunText, readTypedTime } from './times.ts';

/**
 * A result row as the raw table shows it and the upload sends it (doc 3 §3 "Uploaded result
 * row"), plus what the text leaves open (decisions.md): `manual_time` when the administrator typed
 * the time itself, which the server then keeps instead of computing it from the runs, and the
 * file's `line`, so a refusal can name it.
 */
export interface ResultRow {
  racer_id: string;
  name: string;
  club: string;
  gender: string;
  cat: string;
  time: string;
  run_1: string;
  run_2: string;
  run_3: string;
  manual_time: boolean;
  line: number | null;
  /** The timing software's own status texts where runs were normalised from them ("Run 1: NiZ";
   * Race Horology imports, docs/decisions/0049); absent or '' otherwise. */
  original?: string;
}

export type ResultField = 'racer_id' | 'name' | 'club' | 'gender' | 'cat' | 'time' | 'run_1' | 'run_2' | 'run_3';
export type RowProblems = Partial<Record<ResultField, string>>;

export const RESULT_LIMITS = { racerId: 20, name: 100, club: 100, run: 20, rows: 2000 } as const;

/** What is wrong with a row, by field (empty when nothing): the fields the text requires, runs that
 * are neither empty, DNS/DNF/DSQ nor a time, the time a person typed, and the shared text rule
 * (length, control characters) on every field. */
export function rowProblems(row: ResultRow, code: string): RowProblems {
  const p: RowProblems = {};
  const text = (field: ResultField, label: string, max: number, required?: string) => {
    const value = row[field].trim();
    if (required && value === '') p[field] = required;
    else {
      const problem = textProblem(value, { label, max });
      if (problem) p[field] = problem;
    }
  };
  text('racer_id', `${code} ID`, RESULT_LIMITS.racerId, RESULTS_MSG.racerIdRequired(code));
  text('name', 'Name', RESULT_LIMITS.name, RESULTS_MSG.nameRequired);
  text('club', 'Club', RESULT_LIMITS.club, RESULTS_MSG.clubRequired);
  if (!readGender(row.gender)) p.gender = RESULTS_MSG.genderInvalid;
  if (!readCategory(row.cat)) p.cat = RESULTS_MSG.categoryInvalid;
  (['run_1', 'run_2', 'run_3'] as const).forEach((field, i) => {
    text(field, `Run ${i + 1}`, RESULT_LIMITS.run);
    if (!p[field] && !isRunText(row[field])) p[field] = RESULTS_MSG.runInvalid(i + 1);
  });
  // a time the runs give is recomputed wherever it is kept; only a typed one is checked
  if (row.manual_time && !readTypedTime(row.time)) p.time = RESULTS_MSG.invalidTime;
  return p;
}

/** Where a row's problem is reported: its file line ('Line 7') when it came from a file, else its
 * place among the rows sent ('Row 3'). */
export function rowPlace(row: Pick<ResultRow, 'line'>, index: number): string {
  return row.line ? `Line ${row.line}` : `Row ${index + 1}`;
}

/** The time the rules give for the row's runs ('' when its category is unknown). */
export function computedTime(row: ResultRow, threeRuns: boolean): string {
  const category = readCategory(row.cat);
  if (!category) return '';
  return formatRaceTime(computeTime(category, [row.run_1, row.run_2, row.run_3], threeRuns));
}

/** The row as kept: gender and category in their canonical forms, and the time recomputed from
 * the runs unless the administrator typed it (then tidied: '34.5' → '34.50', 'dnf' → 'DNF'). */
export function settleRow(row: ResultRow, threeRuns: boolean): ResultRow {
  const gender = readGender(row.gender) ?? row.gender.trim();
  const cat = readCategory(row.cat) ?? row.cat.trim();
  const typed = row.manual_time ? readTypedTime(row.time) : null;
  return {
    ...row,
    racer_id: row.racer_id.trim(),
    name: row.name.trim(),
    club: row.club.trim(),
    gender,
    cat,
    time: typed ? formatRaceTime(typed) : computedTime({ ...row, cat }, threeRuns),
  };
}

/** How many rows still have a problem (rowProblems): Calculate says so instead of sending them. */
export function rowsToFix(rows: readonly ResultRow[], code: string): number {
  return rows.filter((r) => Object.keys(rowProblems(r, code)).length > 0).length;
}

/** The rows an upload sends: every row but those whose time is DNS (doc 3 §5 "Upload payload"). */
export function uploadRows(rows: readonly ResultRow[]): ResultRow[] {
  return rows.filter((r) => r.time.trim().toUpperCase() !== 'DNS');
}

/** The racer number as results match it: trimmed, upper-case, leading zeros dropped. */
export function racerKey(racerId: string): string {
  const t = racerId.trim().toUpperCase();
  return /^\d+$/.test(t) ? t.replace(/^0+(?=\d)/, '') : t;
}

/** Racer numbers that appear on more than one row, with the rows' lines (or 1-based positions). */
export function duplicateRacers(rows: readonly ResultRow[]): { racerId: string; lines: number[] }[] {
  const seen = new Map<string, { racerId: string; lines: number[] }>();
  rows.forEach((r, i) => {
    const key = racerKey(r.racer_id);
    if (!key) return;
    const got = seen.get(key) ?? { racerId: r.racer_id.trim(), lines: [] };
    got.lines.push(r.line ?? i + 1);
    seen.set(key, got);
  });
  return [...seen.values()].filter((d) => d.lines.length > 1);
}

export function duplicateMessage(code: string, d: { racerId: string; lines: number[] }): string {
  return `${code} ID ${d.racerId} appears on more than one row (lines ${d.lines.join(', ')})`;
}
