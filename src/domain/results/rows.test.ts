import { describe, expect, it } from 'vitest';
import { readCategory, readGender } from './categories.ts';
import { matchPointsClub } from './clubs.ts';
import { dnqText, RESULTS_MSG } from './messages.ts';
import {
  duplicateMessage,
  duplicateRacers,
  type ResultRow,
  rowProblems,
  rowsToFix,
  settleRow,
  uploadRows,
} from './rows.ts';
import { type SeasonRacer, seasonByCategory } from './season.ts';
import { DEFAULT_POINTS_TABLE, howPointsWork, pointsSettingsProblems, pointsYears } from './settings.ts';

const row = (over: Partial<ResultRow> = {}): ResultRow => ({
  racer_id: '101',
  name: 'Amy',
  club: 'HEM',
  gender: 'Women',
  cat: 'U10',
  time: '30.00',
  run_1: '30.00',
  run_2: '31.00',
  run_3: '',
  manual_time: false,
  line: 3,
  ...over,
});

describe('a row the administrator edits', () => {
  it('needs the racer number, name, club, gender and category', () => {
    expect(rowProblems(row({ racer_id: ' ', name: '', club: '', gender: 'X', cat: 'U9x' }), 'ERSA')).toEqual({
      racer_id: 'ERSA ID is required',
      name: RESULTS_MSG.nameRequired,
      club: RESULTS_MSG.clubRequired,
      gender: RESULTS_MSG.genderInvalid,
      cat: RESULTS_MSG.categoryInvalid,
    });
  });

  it.each([['abc'], [''], ['DNCR'], ['-1'], ['12..5']])(
    "refuses the typed time %j with 'Enter a valid time or DNF/DNS/DSQ'",
    (time) => {
      expect(rowProblems(row({ time, manual_time: true }), 'ERSA').time).toBe('Enter a valid time or DNF/DNS/DSQ');
    },
  );

  it.each([['DNF'], ['dns'], ['DSQ'], ['31.5'], ['1:01.20']])('accepts the typed time %j', (time) => {
    expect(rowProblems(row({ time, manual_time: true }), 'ERSA')).toEqual({});
  });

  it.each([
    ['run_1', '-3.00', 1],
    ['run_2', '3O.12', 2],
    ['run_3', 'abc', 3],
    ['run_1', '0.004', 1],
    ['run_2', 'DQ', 2],
  ] as const)("refuses %s %j with 'Run N must be a time, DNS, DNF, DSQ or empty'", (field, text, n) => {
    expect(rowProblems(row({ [field]: text }), 'ERSA')).toEqual({
      [field]: `Run ${n} must be a time, DNS, DNF, DSQ or empty`,
    });
  });

  it.each([[''], [' '], ['DNF'], ['dsq'], ['Did not start'], ['Did not finish'], ['1:02.34'], ['0.005']])(
    'accepts the run %j',
    (text) => {
      expect(rowProblems(row({ run_1: text, run_2: text, run_3: text }), 'ERSA')).toEqual({});
    },
  );

  it('accepts a computed DNCR', () => {
    expect(rowProblems(row({ time: 'DNCR' }), 'ERSA')).toEqual({});
  });

  it('refuses control characters and over-long text in every field', () => {
    const p = rowProblems(
      row({ name: 'A\u0000my', club: 'x'.repeat(101), racer_id: '1'.repeat(21), run_1: '3'.repeat(1_000_000) }),
      'ERSA',
    );
    expect(p).toEqual({
      name: 'Name contains characters that are not allowed',
      club: 'Club must be 100 characters or fewer',
      racer_id: 'ERSA ID must be 20 characters or fewer',
      run_1: 'Run 1 must be 20 characters or fewer',
    });
  });
});

describe('rows to fix before calculating', () => {
  it('counts the rows with a problem: category, gender, a missing club', () => {
    const rows = [row(), row({ cat: 'U09' }), row({ gender: 'X' }), row({ club: '' }), row({ line: 9 })];
    expect(rowsToFix(rows, 'ERSA')).toBe(3);
    expect(rowsToFix([row()], 'ERSA')).toBe(0);
    expect(RESULTS_MSG.rowsToFix(3)).toBe('3 rows to fix before calculating: see the marked rows');
    expect(RESULTS_MSG.rowsToFix(1)).toBe('1 row to fix before calculating: see the marked rows');
  });
});

describe('settling a row', () => {
  it('recomputes the time from the runs, whatever time was sent', () => {
    expect(settleRow(row({ time: '1.00' }), false).time).toBe('30.00');
  });
  it('keeps a typed time, tidied', () => {
    expect(settleRow(row({ time: '29.5', manual_time: true }), false).time).toBe('29.50');
    expect(settleRow(row({ time: 'dnf', manual_time: true }), false).time).toBe('DNF');
  });
  it('writes gender and category in their canonical forms', () => {
    const s = settleRow(row({ gender: 'f', cat: 'u8' }), false);
    expect([s.gender, s.cat]).toEqual(['Women', 'U08']);
  });
});

describe('the upload', () => {
  it('leaves out the DNS rows, in any case', () => {
    expect(
      uploadRows([row(), row({ racer_id: '2', time: 'DNS' }), row({ racer_id: '3', time: 'dns' })]).map(
        (r) => r.racer_id,
      ),
    ).toEqual(['101']);
  });
  it('finds a racer number on two rows, leading zeros aside', () => {
    const d = duplicateRacers([row(), row({ racer_id: '0101', line: 9 }), row({ racer_id: '7', line: 10 })]);
    expect(d).toEqual([{ racerId: '101', lines: [3, 9] }]);
    expect(duplicateMessage('ERSA', d[0] as (typeof d)[number])).toBe(
      'ERSA ID 101 appears on more than one row (lines 3, 9)',
    );
  });
});

describe('clubs, genders and categories as files write them', () => {
  it.each([
    ['HEM', 'HEM'],
    ['hem', 'HEM'],
    ['Hemel Ski Race Club', 'HEM'],
    ['  essex  ski racing club ', 'ESX'],
    ['Brentwood', 'BRE'],
    ['milton keynes', 'SMK'],
    ['MK', 'SMK'],
    ['Vikings Ski Race Team', 'VIK'],
    ['Chelsea Ski Club', 'OTHER'],
    ['-', 'OTHER'],
    ['', 'OTHER'],
    ['HEMX', 'OTHER'],
  ])('%j is %s', (text, code) => {
    expect(matchPointsClub(text)).toBe(code);
  });
  it('reads genders and categories', () => {
    expect(['M', 'female', 'Ladies', 'boys', 'x'].map(readGender)).toEqual(['Men', 'Women', 'Women', 'Men', null]);
    expect(['u08', 'U8', ' ma2 ', 'SM1', 'U9', 'U22', 'MA5'].map(readCategory)).toEqual([
      'U08',
      'U08',
      'MA2',
      'SM1',
      null,
      null,
      null,
    ]);
  });
});

describe('season ranking', () => {
  const racer = (name: string, best: number, total: number, top: number): SeasonRacer => ({
    key: name,
    racerId: name,
    name,
    club: 'HEM',
    clubCode: 'HEM',
    gender: 'Women',
    category: 'U10',
    categoryKey: 'Women U10',
    overallGroup: 'junior_women',
    races: 4,
    categoryTotal: total,
    categoryBest: best,
    categoryTop: top,
    overallTotal: 0,
    overallBest: 0,
    overallTop: 0,
    qualified: true,
    racesNeeded: 0,
  });
  it('ranks by best 4, then the total, then the best single result; equal on all three share', () => {
    const racers = new Map(
      [
        racer('Ann', 300, 300, 100),
        racer('Bea', 300, 340, 100),
        racer('Cat', 300, 340, 90),
        racer('Dot', 300, 340, 90),
        racer('Eve', 310, 310, 80),
      ].map((r) => [r.key, r]),
    );
    expect(
      seasonByCategory(racers)
        .get('Women U10')
        ?.map((r) => [r.position, r.name]),
    ).toEqual([
      [1, 'Eve'],
      [2, 'Bea'],
      [3, 'Cat'],
      [3, 'Dot'],
      [5, 'Ann'],
    ]);
  });
  it('words the DNQ badge as the page does', () => {
    expect(dnqText(2)).toBe('Does Not Qualify - Please complete 2 more race(s) to qualify');
  });
});

describe('points years', () => {
  it('are 2024 up to the current year, newest first', () => {
    expect(pointsYears(2026)).toEqual([2026, 2025, 2024]);
    expect(pointsYears(2024)).toEqual([2024]);
  });
});

describe('points settings', () => {
  it('accepts the defaults and refuses what cannot be a points table', () => {
    expect(pointsSettingsProblems({ pointsTable: [...DEFAULT_POINTS_TABLE], countingRaces: 4 })).toBeNull();
    expect(pointsSettingsProblems({ pointsTable: [], countingRaces: 0 })).toEqual({
      pointsTable: RESULTS_MSG.pointsTableLength(200),
      countingRaces: RESULTS_MSG.countingRacesInvalid(7),
    });
    for (const t of [[10, 20], [10, -1], [10.001], [Number.NaN]]) {
      expect(pointsSettingsProblems({ pointsTable: t, countingRaces: 4 })?.pointsTable).toBe(
        RESULTS_MSG.pointsTableInvalid,
      );
    }
    expect(pointsSettingsProblems({ pointsTable: [10], countingRaces: 8 })?.countingRaces).toBe(
      RESULTS_MSG.countingRacesInvalid(7),
    );
  });
  it("explains the settings in force ('How points work')", () => {
    const text = howPointsWork({ pointsTable: [25, 18, 15], countingRaces: 3 }).join('\n');
    expect(text).toContain('1st 25, 2nd 18, 3rd 15; every place below 3rd earns 0');
    expect(text).toContain("Best 3 is the sum of a racer's 3 highest race scores");
    expect(text).toContain('qualifies with at least 3 races');
  });
});
