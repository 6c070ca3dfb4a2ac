import { readRecords } from '../results/records.ts';
import { RESULT_LIMITS } from '../results/rows.ts';

/**
 * Race Horology (docs/decisions/0049; its code at RaceHorology/RaceHorology commit
 * 5ab914e1a24c50e3556d591c1ee553f602aed7aa). Two files cross between us:
 * - our start list goes in through its race import, whose column names are RaceMapping's in
 *   RaceHorologyLib/Import.cs ("Name", "Firstname", "Sex", "Class", "Year", "Club", "SvId",
 *   "Bib" for the start number);
 * - its results come back from its CSV export (RaceExport in RaceHorologyLib/Export.cs, written
 *   by CsvExport): one header line, then per participant Id, CodeOrId (the SvId we sent), Name,
 *   Firstname, Fullname, …, StartNumber, Points, then per run Runtime_N (a .NET TimeSpan,
 *   "00:00:34.5600000"), RuntimeSeconds_N and Resultcode_N (Normal, NaS, NiZ, DIS or NQ), then
 *   Totaltime, Totaltime_Seconds, Total_Position and Total_RacePoints.
 */

/** Our start list's columns, by Race Horology's import names (Import.cs, RaceMapping). */
export const START_LIST_COLUMNS = ['Bib', 'SvId', 'Name', 'Firstname', 'Sex', 'Year', 'Club', 'Class'] as const;

export interface StartListLine {
  bib: number | null;
  racerNumber: number | null;
  firstName: string;
  lastName: string;
  gender: 'Men' | 'Women' | null;
  birthYear: number | null;
  club: string;
  category: string | null;
}

/** One start-list row for Race Horology: Sex as its default categories' letters (M, W). */
export function startListCells(l: StartListLine): (string | number | null)[] {
  const sex = l.gender === 'Men' ? 'M' : l.gender === 'Women' ? 'W' : '';
  return [l.bib, l.racerNumber, l.lastName, l.firstName, sex, l.birthYear, l.club, l.category ?? ''];
}

/** A run status as Race Horology writes it, as ours: NaS (and NAS1, DNS1 from its other
 * exports) → DNS; NiZ (NIZ1, DNF1) → DNF; DIS (DIS1, DSQ1) → DSQ. Null for Normal, empty, or a
 * status with no counterpart here (NQ), which is then kept as written. */
export function normaliseTimingStatus(text: string): 'DNS' | 'DNF' | 'DSQ' | null {
  const t = text.trim().toUpperCase();
  if (/^(NAS|DNS)\d?$/.test(t)) return 'DNS';
  if (/^(NIZ|DNF)\d?$/.test(t)) return 'DNF';
  if (/^(DIS|DSQ)\d?$/.test(t)) return 'DSQ';
  return null;
}

const NO_STATUS = ['', 'NORMAL', 'NOTSET'];

/** A run time as our time rules read it: a .NET TimeSpan ("[d.]hh:mm:ss[.fffffff]") as seconds
 * with its digits kept exactly ("00:01:02.3400000" → "62.34"); anything else as written. */
export function timingTime(text: string): string {
  const t = text.trim();
  const m = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?$/.exec(t);
  if (!m) return t;
  const [, days = '0', h, mi, s, fraction = ''] = m;
  const seconds = Number(days) * 86400 + Number(h) * 3600 + Number(mi) * 60 + Number(s);
  const digits = fraction.replace(/0+$/, '');
  return digits ? `${seconds}.${digits}` : String(seconds);
}

export const MAPPING_FIELDS = [
  'bib',
  'racer_id',
  'name',
  'run_1',
  'status_1',
  'run_2',
  'status_2',
  'run_3',
  'status_3',
  'total',
] as const;
export type MappingField = (typeof MAPPING_FIELDS)[number];

export interface ColumnMapping {
  /** Lines before the header line. */
  skipLines: number;
  /** Each field's header text; '' when not in the file. */
  columns: Record<MappingField, string>;
}

export const MAPPING_LABELS: Record<MappingField, (code: string) => string> = {
  bib: () => 'Bib',
  racer_id: (code) => `${code} ID`,
  name: () => 'Name',
  run_1: () => 'Run 1 time',
  status_1: () => 'Run 1 status',
  run_2: () => 'Run 2 time',
  status_2: () => 'Run 2 status',
  run_3: () => 'Run 3 time',
  status_3: () => 'Run 3 status',
  total: () => 'Total',
};

/** Race Horology's own names (Export.cs, RaceExport), in the order tried. */
const DEFAULT_NAMES: Record<MappingField, string[]> = {
  bib: ['StartNumber', 'Stnr', 'Bib'],
  racer_id: ['CodeOrId', 'SvId', 'DSV-ID'],
  name: ['Fullname', 'Name'],
  run_1: ['Runtime_1', 'Zeit 1'],
  status_1: ['Resultcode_1'],
  run_2: ['Runtime_2', 'Zeit 2'],
  status_2: ['Resultcode_2'],
  run_3: ['Runtime_3', 'Zeit 3'],
  status_3: ['Resultcode_3'],
  total: ['Totaltime', 'Total'],
};

export const MAPPING_MSG = {
  noHeader: (line: number) => `Line ${line}: there is no header line here; check the lines to skip.`,
  missing: (labels: string[]) => `Choose the columns for ${labels.join(', ')}.`,
  noRows: 'No valid data found in file',
  tooFewColumns: (found: number, needed: number) =>
    `has ${found} column${found === 1 ? '' : 's'}; the columns chosen need ${needed}`,
  tooManyRows: `more than ${RESULT_LIMITS.rows} rows`,
} as const;

/** The file's lines as records, and its header after `skipLines` lines. */
export function headerOf(text: string, skipLines: number): { header: string[]; line: number } | null {
  const records = readRecords(text).filter((r) => r.line > skipLines && r.cells.some((c) => c.trim() !== ''));
  const first = records[0];
  return first ? { header: first.cells.map((c) => c.trim()), line: first.line } : null;
}

/** The mapping Race Horology's names give for a header (a field left '' when absent). */
export function defaultMapping(header: readonly string[], skipLines = 0): ColumnMapping {
  const fold = (s: string) => s.trim().toLowerCase();
  const columns = Object.fromEntries(
    MAPPING_FIELDS.map((f) => [
      f,
      DEFAULT_NAMES[f].map((n) => header.find((h) => fold(h) === fold(n))).find((h) => h !== undefined) ?? '',
    ]),
  ) as Record<MappingField, string>;
  return { skipLines, columns };
}

/** A row of the timing file read through the mapping: what matching needs. */
export interface TimingRow {
  line: number;
  bib: string;
  racer_id: string;
  name: string;
  run_1: string;
  run_2: string;
  run_3: string;
  total: string;
  /** The timing software's status texts where a run's was normalised ("Run 1: NiZ"). */
  original: string;
}

export interface MappedFile {
  rows: TimingRow[];
  threeRuns: boolean;
  skipped: { line: number; reason: string }[];
  error: string | null;
}

/** A run's text from its time and status cells: a status that means DNS/DNF/DSQ wins (its text
 * kept in `original`); Normal or no status gives the time; another status is kept as written. */
function runOf(time: string, status: string): { run: string; original: string | null } {
  const mark = normaliseTimingStatus(status);
  if (mark) return { run: mark, original: status.trim() };
  if (NO_STATUS.includes(status.trim().toUpperCase())) {
    const mt = normaliseTimingStatus(time);
    return mt ? { run: mt, original: time.trim() } : { run: timingTime(time), original: null };
  }
  return { run: status.trim(), original: null };
}

/** Reads a timing file through a column mapping. Never throws; lines not read are reported. */
export function readTimingFile(text: string, mapping: ColumnMapping, code: string): MappedFile {
  const fail = (error: string, skipped: MappedFile['skipped'] = []): MappedFile => ({
    rows: [],
    threeRuns: false,
    skipped,
    error,
  });
  const records = readRecords(text).filter((r) => r.line > mapping.skipLines && r.cells.some((c) => c.trim() !== ''));
  const [headerRecord, ...data] = records;
  if (!headerRecord) return fail(MAPPING_MSG.noHeader(mapping.skipLines + 1));
  const header = headerRecord.cells.map((c) => c.trim());
  const index = (field: MappingField) => (mapping.columns[field] ? header.indexOf(mapping.columns[field]) : -1);
  const missing: string[] = [];
  if (index('bib') < 0 && index('racer_id') < 0) missing.push(`${MAPPING_LABELS.bib(code)} or ${code} ID`);
  if (index('run_1') < 0 && index('total') < 0) missing.push('Run 1 time or Total');
  if (missing.length) return fail(MAPPING_MSG.missing(missing));
  const threeRuns = index('run_3') >= 0 || index('status_3') >= 0;
  const rows: TimingRow[] = [];
  const skipped: MappedFile['skipped'] = [];
  const needed = Math.max(...MAPPING_FIELDS.map(index)) + 1;
  for (const record of data) {
    if (record.cells.length < needed) {
      skipped.push({ line: record.line, reason: MAPPING_MSG.tooFewColumns(record.cells.length, needed) });
      continue;
    }
    if (rows.length >= RESULT_LIMITS.rows) {
      skipped.push({ line: record.line, reason: MAPPING_MSG.tooManyRows });
      continue;
    }
    const cell = (field: MappingField) => {
      const i = index(field);
      return i < 0 ? '' : (record.cells[i] ?? '').trim();
    };
    const originals: string[] = [];
    const run = (n: 1 | 2 | 3) => {
      const r = runOf(cell(`run_${n}`), cell(`status_${n}`));
      if (r.original !== null) originals.push(`Run ${n}: ${r.original}`);
      return r.run;
    };
    rows.push({
      line: record.line,
      bib: cell('bib'),
      racer_id: cell('racer_id'),
      name: cell('name'),
      run_1: run(1),
      run_2: run(2),
      run_3: threeRuns ? run(3) : '',
      total: timingTime(cell('total')),
      original: originals.join('; '),
    });
  }
  return { rows, threeRuns, skipped, error: rows.length ? null : MAPPING_MSG.noRows };
}
