import { describe, expect, it } from 'vitest';
import fixture from '../results/fixtures/race-horology-export.csv?raw';
import { type KnownRacer, MATCH_MSG, matchTimingRows, personName, type Starter } from './match.ts';
import {
  defaultMapping,
  headerOf,
  MAPPING_MSG,
  normaliseTimingStatus,
  readTimingFile,
  START_LIST_COLUMNS,
  startListCells,
  timingTime,
} from './race-horology.ts';

describe('Race Horology run statuses', () => {
  it('normalises NaS → DNS, NiZ and DNF1 → DNF, DIS → DSQ (with the other exports’ spellings)', () => {
    expect(['NaS', 'NAS', 'NAS1', 'DNS2'].map(normaliseTimingStatus)).toEqual(['DNS', 'DNS', 'DNS', 'DNS']);
    expect(['NiZ', 'NIZ2', 'DNF1', 'dnf'].map(normaliseTimingStatus)).toEqual(['DNF', 'DNF', 'DNF', 'DNF']);
    expect(['DIS', 'DIS1', 'DSQ2'].map(normaliseTimingStatus)).toEqual(['DSQ', 'DSQ', 'DSQ']);
    expect(['Normal', '', 'NQ', 'DISX'].map(normaliseTimingStatus)).toEqual([null, null, null, null]);
  });

  it('reads .NET TimeSpan times as seconds, digits kept exactly; other texts pass through', () => {
    expect(timingTime('00:00:34.5600000')).toBe('34.56');
    expect(timingTime('00:01:02.3456000')).toBe('62.3456');
    expect(timingTime('00:01:00')).toBe('60');
    expect(timingTime('1.00:00:01.5')).toBe('86401.5');
    expect(timingTime('1:00,00')).toBe('1:00,00');
    expect(timingTime(' 34.5 ')).toBe('34.5');
  });
});

describe('the start list for Race Horology', () => {
  it('uses its race import’s column names and its category letters', () => {
    expect(START_LIST_COLUMNS).toEqual(['Bib', 'SvId', 'Name', 'Firstname', 'Sex', 'Year', 'Club', 'Class']);
    expect(
      startListCells({
        bib: 4,
        racerNumber: 101,
        firstName: 'Ann',
        lastName: 'Ávila',
        gender: 'Women',
        birthYear: 2014,
        club: 'HEM',
        category: 'U14',
      }),
    ).toEqual([4, 101, 'Ávila', 'Ann', 'W', 2014, 'HEM', 'U14']);
  });
});

describe('reading Race Horology’s results export through a mapping', () => {
  const header = headerOf(fixture, 0);

  it('fills the mapping from Race Horology’s own column names', () => {
    expect(header?.line).toBe(1);
    expect(defaultMapping(header?.header ?? []).columns).toEqual({
      bib: 'StartNumber',
      racer_id: 'CodeOrId',
      name: 'Fullname',
      run_1: 'Runtime_1',
      status_1: 'Resultcode_1',
      run_2: 'Runtime_2',
      status_2: 'Resultcode_2',
      run_3: '',
      status_3: '',
      total: 'Totaltime',
    });
  });

  it('reads every row, statuses normalised with the original text kept', () => {
    const read = readTimingFile(fixture, defaultMapping(header?.header ?? []), 'ERSA');
    expect(read.error).toBeNull();
    expect(read.threeRuns).toBe(false);
    expect(read.skipped).toEqual([]);
    expect(read.rows.map((r) => [r.line, r.bib, r.racer_id, r.name, r.run_1, r.run_2, r.original])).toEqual([
      [2, '1', '103', 'Smith-Jones, Cara', '34.56', '35.1', ''],
      [3, '3', '102', "O'Neil, Ben", 'DNF', '36.02', 'Run 1: NiZ'],
      [4, '4', '101', 'Ávila, Ann', '62.3456', 'DSQ', 'Run 2: DIS'],
      [5, '5', '105', 'Park, Eve', 'DNS', 'DNS', 'Run 1: NaS; Run 2: NaS'],
      [6, '6', '104', 'Lee, Dan', '31.005', '30.99', ''],
    ]);
  });

  it('skips header lines, reports short lines, and says which columns are missing', () => {
    const withPreamble = `Race: Club Race\nExported 2026-02-14\n${fixture.replace(/^\uFEFF/, '')}`;
    const mapping = { ...defaultMapping(header?.header ?? []), skipLines: 2 };
    const read = readTimingFile(`${withPreamble}7,1\r\n`, mapping, 'ERSA');
    expect(read.rows).toHaveLength(5);
    expect(read.rows[0]?.line).toBe(4);
    expect(read.skipped).toEqual([{ line: 9, reason: MAPPING_MSG.tooFewColumns(2, 21) }]);
    const none = readTimingFile(
      fixture,
      { skipLines: 0, columns: { ...mapping.columns, bib: '', racer_id: '' } },
      'ERSA',
    );
    expect(none.error).toBe('Choose the columns for Bib or ERSA ID.');
    expect(readTimingFile('', mapping, 'ERSA').error).toBe(MAPPING_MSG.noHeader(3));
  });
});

describe('matching timing rows to racers', () => {
  const racer = (n: number, name: string, over: Partial<KnownRacer> = {}): KnownRacer => ({
    racerNumber: n,
    name,
    gender: 'Women',
    club: 'HEM',
    category: 'U14',
    ...over,
  });
  const starters: Starter[] = [
    { ...racer(103, 'Cara Smith-Jones', { category: 'U12' }), bib: 1 },
    { ...racer(102, "Ben O'Neil", { gender: 'Men', club: 'VIK', category: 'U12' }), bib: 3 },
  ];
  const known = new Map([['104', racer(104, 'Dan Lee', { gender: 'Men', club: 'ESX', category: 'U18' })]]);
  const row = (over: Partial<Parameters<typeof matchTimingRows>[0][number]>) => ({
    line: 2,
    bib: '',
    racer_id: '',
    name: 'X',
    run_1: '40.00',
    run_2: '41.50',
    run_3: '',
    total: '',
    original: '',
    ...over,
  });

  it('matches by bib and by racer number, taking the racer’s name, gender, club and category', () => {
    const m = matchTimingRows(
      [row({ bib: '01', racer_id: '103', original: 'Run 2: NiZ' }), row({ line: 3, racer_id: '104' })],
      starters,
      known,
      'ERSA',
      false,
    );
    expect(m.unmatched).toEqual([]);
    expect(m.rows).toEqual([
      {
        racer_id: '103',
        name: 'Cara Smith-Jones',
        club: 'HEM',
        gender: 'Women',
        cat: 'U12',
        time: '40.00',
        run_1: '40.00',
        run_2: '41.50',
        run_3: '',
        manual_time: false,
        line: 2,
        original: 'Run 2: NiZ',
      },
      expect.objectContaining({ racer_id: '104', name: 'Dan Lee', gender: 'Men', cat: 'U18', line: 3 }),
    ]);
  });

  it('reports rows it cannot match with their line and what they held, and never uses them', () => {
    const m = matchTimingRows(
      [
        row({ bib: '3', racer_id: '103', name: 'Ben' }),
        row({ line: 3, bib: '9' }),
        row({ line: 4, racer_id: '999' }),
        row({ line: 5 }),
        row({ line: 6, bib: '1' }),
        row({ line: 7, racer_id: '103' }),
      ],
      starters,
      known,
      'ERSA',
      false,
    );
    expect(m.rows.map((r) => r.line)).toEqual([6]);
    // each kept as the file gives it, to be corrected in the raw table
    expect(m.unmatched[0]?.row).toMatchObject({ racer_id: '103', name: 'Ben', gender: '', cat: '', club: '', line: 2 });
    expect(m.unmatched.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 2, reason: 'bib 3 belongs to ERSA ID 102, but the row says ERSA ID 103 (bib 3, Ben, ID 103)' },
      { line: 3, reason: `${MATCH_MSG.noBib('9')} (bib 9, X)` },
      { line: 4, reason: `${MATCH_MSG.noRacer('ERSA', '999')} (X, ID 999)` },
      { line: 5, reason: `${MATCH_MSG.noKey('ERSA')} (X)` },
      { line: 7, reason: `${MATCH_MSG.twice('ERSA', 103, 6)} (X, ID 103)` },
    ]);
  });

  it('reads "Last, First" as "First Last"', () => {
    expect(personName('Smith-Jones, Cara')).toBe('Cara Smith-Jones');
    expect(personName('Cara Smith')).toBe('Cara Smith');
    expect(personName('A, B, C')).toBe('A, B, C');
  });

  it('takes the total as the time, marked typed, when no run was mapped', () => {
    const m = matchTimingRows(
      [row({ bib: '1', run_1: '', run_2: '', total: '69.66' })],
      starters,
      known,
      'ERSA',
      false,
    );
    expect(m.rows[0]).toMatchObject({ time: '69.66', manual_time: true });
  });
});
