/** Shared pieces of the results API tests (not a test file itself). */

import threeRunFile from '../../domain/results/fixtures/three-run.csv?raw';
import twoRunFile from '../../domain/results/fixtures/two-run.csv?raw';
import { type ParsedRow, parseResultsFile, type ResultRow, uploadRows } from '../../domain/results/index.ts';
import type { App } from '../app.ts';

export const FILES = { twoRun: twoRunFile, threeRun: threeRunFile };

/** A call under /api/v1 of the test's app, with headers and a JSON body when given. */
export function caller(app: () => App) {
  return (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers?: Record<string, string>,
    payload?: unknown,
  ) =>
    app().inject({
      method,
      url: `/api/v1${url}`,
      ...(headers ? { headers } : {}),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

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
