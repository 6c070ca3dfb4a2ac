import { readCategory, readGender } from './categories.ts';
import { RESULTS_MSG } from './messages.ts';
import { isBlankRecord, readRecords } from './records.ts';
import { computedTime, RESULT_LIMITS, type ResultRow, type RowProblems, rowProblems } from './rows.ts';
import { normaliseRun } from './times.ts';

/**
 * The timing software's results file (doc 3 §5 "Results CSV upload"): two header rows merged
 * column by column ('Age' over 'Grp.' reads 'Age/Grp.', '<code>' over 'ID' reads '<code>/ID');
 * 'Age/Grp.' is the category and '<code>/ID' (also 'ID', 'Racer ID') the racer number; the
 * three-run format when a Run 3 column exists; rows with too few columns skipped and reported
 * by line; run texts normalised (DNS/DNF/DSQ); each row's time computed by the time rules. Blank
 * lines are passed over. The parser never throws: whatever the text, it answers rows and reports.
 */
export interface ParsedRow extends ResultRow {
  line: number;
  problems: RowProblems;
}

export interface ParsedResults {
  rows: ParsedRow[];
  threeRuns: boolean;
  /** Lines not turned into rows, each with why. */
  skipped: { line: number; reason: string }[];
  /** 'No valid data found in file' when no row came out; null otherwise. */
  error: string | null;
  /** Rows of a timing file not matched to a racer (docs/decisions/0049): in `rows`, to be
   * corrected or deleted, and listed here with why. */
  unmatched?: { line: number; reason: string }[];
}

type Column =
  | 'racer_id'
  | 'name'
  | 'first_name'
  | 'last_name'
  | 'club'
  | 'gender'
  | 'cat'
  | 'run_1'
  | 'run_2'
  | 'run_3';

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

function headerNames(code: string): Record<Column, string[]> {
  const c = fold(code);
  return {
    racer_id: [`${c}/id`, `${c}_id`, `${c} id`, 'id', 'racer id'],
    name: ['name', 'racer name', 'competitor', 'competitor name'],
    first_name: ['first name', 'firstname', 'forename'],
    last_name: ['last name', 'lastname', 'surname'],
    club: ['club'],
    gender: ['gender', 'sex'],
    cat: ['cat', 'category', 'age/grp.', 'age/grp', 'age group'],
    run_1: ['run 1', 'run1', 'r1', '1st run'],
    run_2: ['run 2', 'run2', 'r2', '2nd run'],
    run_3: ['run 3', 'run3', 'r3', '3rd run'],
  };
}

/** Which column each field is in: the merged header first, then either header row alone. */
function mapColumns(first: string[], second: string[], code: string): Partial<Record<Column, number>> {
  const names = headerNames(code);
  const width = Math.max(first.length, second.length);
  const found: Partial<Record<Column, number>> = {};
  const tryText = (text: string, index: number) => {
    const t = fold(text);
    if (!t) return;
    for (const column of Object.keys(names) as Column[]) {
      if (found[column] === undefined && names[column].includes(t)) {
        found[column] = index;
        return;
      }
    }
  };
  for (const pick of [
    (a: string, b: string) => [a.trim(), b.trim()].filter(Boolean).join('/'),
    (_a: string, b: string) => b,
    (a: string) => a,
  ]) {
    for (let i = 0; i < width; i++) {
      if (Object.values(found).includes(i)) continue;
      tryText(pick(first[i] ?? '', second[i] ?? ''), i);
    }
  }
  return found;
}

const REQUIRED: { column: Column; label: (code: string) => string }[] = [
  { column: 'racer_id', label: (code) => `${code}/ID` },
  { column: 'club', label: () => 'Club' },
  { column: 'gender', label: () => 'Gender' },
  { column: 'cat', label: () => 'Age/Grp.' },
  { column: 'run_1', label: () => 'Run 1' },
  { column: 'run_2', label: () => 'Run 2' },
];

export function parseResultsFile(text: string, code: string): ParsedResults {
  const records = readRecords(text).filter((r) => !isBlankRecord(r));
  const [first, second, ...data] = records;
  const fail = (skipped: ParsedResults['skipped']): ParsedResults => ({
    rows: [],
    threeRuns: false,
    skipped,
    error: RESULTS_MSG.noValidData,
  });
  if (!first || !second) return fail([]);
  const columns = mapColumns(first.cells, second.cells, code);
  const missing = REQUIRED.filter((r) => columns[r.column] === undefined).map((r) => r.label(code));
  const hasName = columns.name !== undefined || columns.last_name !== undefined || columns.first_name !== undefined;
  if (!hasName) missing.splice(1, 0, 'Name');
  if (missing.length) {
    return fail([
      { line: first.line, reason: RESULTS_MSG.missingColumns(missing) },
      ...data.map((r) => ({ line: r.line, reason: RESULTS_MSG.missingColumns(missing) })),
    ]);
  }
  const threeRuns = columns.run_3 !== undefined;
  const needed = Math.max(...Object.values(columns).filter((i): i is number => i !== undefined)) + 1;
  const rows: ParsedRow[] = [];
  const skipped: ParsedResults['skipped'] = [];
  for (const record of data) {
    if (record.cells.length < needed) {
      skipped.push({ line: record.line, reason: RESULTS_MSG.tooFewColumns(record.cells.length, needed) });
      continue;
    }
    if (rows.length >= RESULT_LIMITS.rows) {
      skipped.push({ line: record.line, reason: RESULTS_MSG.tooManyRows(RESULT_LIMITS.rows) });
      continue;
    }
    const cell = (column: Column) => {
      const i = columns[column];
      return i === undefined ? '' : (record.cells[i] ?? '').trim();
    };
    const name = cell('name') || [cell('first_name'), cell('last_name')].filter(Boolean).join(' ');
    const row: ResultRow = {
      racer_id: cell('racer_id'),
      name,
      club: cell('club'),
      gender: readGender(cell('gender')) ?? cell('gender'),
      cat: readCategory(cell('cat')) ?? cell('cat'),
      time: '',
      run_1: normaliseRun(cell('run_1')),
      run_2: normaliseRun(cell('run_2')),
      run_3: threeRuns ? normaliseRun(cell('run_3')) : '',
      manual_time: false,
      line: record.line,
    };
    row.time = computedTime(row, threeRuns);
    rows.push({ ...row, line: record.line, problems: rowProblems(row, code) });
  }
  return { rows, threeRuns, skipped, error: rows.length ? null : RESULTS_MSG.noValidData };
}
