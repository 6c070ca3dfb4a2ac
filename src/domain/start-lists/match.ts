import { computedTime, type ResultRow, racerKey } from '../results/rows.ts';
import type { TimingRow } from './race-horology.ts';

/**
 * Timing rows matched to racers (docs/decisions/0049): by bib through the linked event's start
 * numbers, and by racer number. A row whose bib and racer number name different racers, or that
 * names no known racer, is not turned into a result: it is reported with its line and what it
 * held, and its row is kept as the file gives it to be corrected, so nothing is lost. A matched
 * row takes the racer's name, gender, club and category; the
 * runs and the timing software's original status texts come from the file.
 */
export interface KnownRacer {
  racerNumber: number;
  name: string;
  gender: 'Men' | 'Women' | '';
  club: string;
  category: string;
}

export interface Starter extends KnownRacer {
  bib: number;
}

export type TimedRow = ResultRow & { original: string };

export interface MatchResult {
  rows: TimedRow[];
  /** Rows not matched, with why and the row as the file gives it (racer number and name from the
   * file; no gender, club or category), so the raw table can show it to be corrected or deleted. */
  unmatched: { line: number; reason: string; row: TimedRow }[];
}

export const MATCH_MSG = {
  noKey: (code: string) => `no bib and no ${code} ID`,
  noBib: (bib: string) => `no racer has bib ${bib} on the start list`,
  noRacer: (code: string, id: string) => `no racer has ${code} ID ${id}`,
  disagree: (code: string, bib: string, theirs: number, id: string) =>
    `bib ${bib} belongs to ${code} ID ${theirs}, but the row says ${code} ID ${id}`,
  twice: (code: string, id: number, line: number) => `${code} ID ${id} is already on line ${line}`,
  said: (reason: string, row: TimingRow) =>
    `${reason} (${[row.bib && `bib ${row.bib}`, row.name, row.racer_id && `ID ${row.racer_id}`].filter(Boolean).join(', ')})`,
} as const;

export function matchTimingRows(
  rows: readonly TimingRow[],
  starters: readonly Starter[],
  racers: ReadonlyMap<string, KnownRacer>,
  code: string,
  threeRuns: boolean,
): MatchResult {
  const byBib = new Map(starters.map((s) => [String(s.bib), s]));
  const byNumber = new Map<string, KnownRacer>(racers);
  for (const s of starters) byNumber.set(racerKey(String(s.racerNumber)), s);
  const out: MatchResult = { rows: [], unmatched: [] };
  const seen = new Map<number, number>();
  for (const row of rows) {
    const bib = row.bib.trim().replace(/^0+(?=\d)/, '');
    const id = racerKey(row.racer_id);
    const refuse = (reason: string) =>
      out.unmatched.push({
        line: row.line,
        reason: MATCH_MSG.said(reason, row),
        row: resultOf(
          row,
          { racer_id: row.racer_id, name: personName(row.name), club: '', gender: '', cat: '' },
          threeRuns,
        ),
      });
    let racer: KnownRacer | undefined;
    if (bib) {
      const starter = byBib.get(bib);
      if (starter && id && racerKey(String(starter.racerNumber)) !== id) {
        refuse(MATCH_MSG.disagree(code, bib, starter.racerNumber, row.racer_id));
        continue;
      }
      racer = starter ?? (id ? byNumber.get(id) : undefined);
      if (!racer) {
        refuse(id ? MATCH_MSG.noRacer(code, row.racer_id) : MATCH_MSG.noBib(bib));
        continue;
      }
    } else if (id) {
      racer = byNumber.get(id);
      if (!racer) {
        refuse(MATCH_MSG.noRacer(code, row.racer_id));
        continue;
      }
    } else {
      refuse(MATCH_MSG.noKey(code));
      continue;
    }
    const earlier = seen.get(racer.racerNumber);
    if (earlier !== undefined) {
      refuse(MATCH_MSG.twice(code, racer.racerNumber, earlier));
      continue;
    }
    seen.set(racer.racerNumber, row.line);
    const result = resultOf(
      row,
      {
        racer_id: String(racer.racerNumber),
        name: racer.name,
        club: racer.club,
        gender: racer.gender,
        cat: racer.category,
      },
      threeRuns,
    );
    out.rows.push(result);
  }
  return out;
}

/** A result row from a timing row and who it is: without runs the file's total is the time, kept
 * as typed (the raw table marks it); otherwise the time the rules give. */
function resultOf(
  row: TimingRow,
  who: Pick<ResultRow, 'racer_id' | 'name' | 'club' | 'gender' | 'cat'>,
  threeRuns: boolean,
): TimedRow {
  const noRuns = !row.run_1 && !row.run_2 && !row.run_3;
  const result: TimedRow = {
    ...who,
    time: row.total,
    run_1: row.run_1,
    run_2: row.run_2,
    run_3: row.run_3,
    manual_time: noRuns && row.total !== '',
    line: row.line,
    original: row.original,
  };
  if (!result.manual_time) result.time = computedTime(result, threeRuns);
  return result;
}

/** A name as the timing file writes it ("Last, First", Race Horology's Fullname) as "First Last". */
export function personName(text: string): string {
  const parts = text.split(',').map((p) => p.trim());
  return parts.length === 2 && parts[0] && parts[1] ? `${parts[1]} ${parts[0]}` : text.trim();
}
