/** Shared pieces of the results API tests (not a test file itself). */

import threeRunFile from '../../domain/results/fixtures/three-run.csv?raw';
import twoRunFile from '../../domain/results/fixtures/two-run.csv?raw';
import { type ParsedRow, parseResultsFile, type ResultRow, uploadRows } from '../../domain/results/index.ts';

export const FILES = { twoRun: twoRunFile, threeRun: threeRunFile };

/** What the browser sends after parsing a file: every row but the DNS ones, problems dropped. */
export function uploadOf(file: string, clubId: string, year: number, edit?: (rows: ResultRow[]) => ResultRow[]) {
  const parsed = parseResultsFile(file, 'ERSA');
  const rows: ResultRow[] = uploadRows(parsed.rows).map((r) => {
    const { problems: _p, ...row } = r as ParsedRow;
    return row;
  });
  return { club_id: clubId, club_name: clubId, year, three_runs: parsed.threeRuns, results: edit ? edit(rows) : rows };
}

/** A row of the shape the upload takes. */
export function resultRow(over: Partial<ResultRow> = {}): ResultRow {
  return {
    racer_id: '900',
    name: 'Pat Row',
    club: 'HEM',
    gender: 'Women',
    cat: 'U14',
    time: '',
    run_1: '40.00',
    run_2: '41.00',
    run_3: '',
    manual_time: false,
    line: null,
    ...over,
  };
}
