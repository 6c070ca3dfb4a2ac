import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import threeRunFile from './fixtures/three-run.csv?raw';
import twoRunFile from './fixtures/two-run.csv?raw';
import { RESULTS_MSG } from './messages.ts';
import { parseResultsFile } from './parse.ts';
import { readRecords } from './records.ts';
import { uploadRows } from './rows.ts';

const pick = (r: {
  line: number;
  racer_id: string;
  name: string;
  club: string;
  gender: string;
  cat: string;
  time: string;
}) => [r.line, r.racer_id, r.name, r.club, r.gender, r.cat, r.time];

describe('a two-run file in the timing software shape', () => {
  const parsed = parseResultsFile(twoRunFile, 'ERSA');

  it('merges the two header rows, reads every row with its line, and computes the times', () => {
    expect(parsed.error).toBeNull();
    expect(parsed.threeRuns).toBe(false);
    expect(parsed.rows.map(pick)).toEqual([
      [3, '101', 'Smith, Amy', 'HEM', 'Women', 'U10', '30.00'],
      [4, '102', 'Beth Jones', 'Brentwood', 'Women', 'U10', '31.00'],
      [5, '103', 'Cara Lee', 'essex ski racing club', 'Women', 'U10', '31.00'],
      [6, '104', 'Dana Cole', 'Chelsea Ski Club', 'Women', 'U10', 'DNCR'],
      [7, '105', 'Gia Rossi', 'WGC', 'Women', 'U08', '29.50'],
      [9, '201', 'Ed Park', 'Vikings', 'Men', 'U14', '40.00'],
      [10, '202', 'Finn Hall', 'HEM', 'Men', 'U14', '41.50'],
      [11, '203', 'Hal "The Rocket" Reed', 'NOR', 'Men', 'U14', 'DNS'],
    ]);
  });

  it("normalises the run texts ('Did Not Finish', 'disqualified', 'Did Not Start')", () => {
    expect(parsed.rows.find((r) => r.racer_id === '102')?.run_2).toBe('DNF');
    const dana = parsed.rows.find((r) => r.racer_id === '104');
    expect([dana?.run_1, dana?.run_2]).toEqual(['DNF', 'DSQ']);
    const hal = parsed.rows.find((r) => r.racer_id === '203');
    expect([hal?.run_1, hal?.run_2, hal?.run_3]).toEqual(['DNS', 'DNS', '']);
  });

  it('skips the short row and reports it by its line; the blank line is passed over', () => {
    expect(parsed.skipped).toEqual([{ line: 12, reason: RESULTS_MSG.tooFewColumns(4, 9) }]);
  });

  it('leaves the DNS row out of the upload', () => {
    expect(uploadRows(parsed.rows).map((r) => r.racer_id)).toEqual(['101', '102', '103', '104', '105', '201', '202']);
  });

  it('finds nothing wrong with the rows it read', () => {
    expect(parsed.rows.filter((r) => Object.keys(r.problems).length > 0)).toEqual([]);
  });
});

describe('a three-run file', () => {
  const parsed = parseResultsFile(threeRunFile, 'ERSA');

  it('uses the three-run rules because a Run 3 column exists', () => {
    expect(parsed.threeRuns).toBe(true);
    expect(parsed.rows.map((r) => [r.line, r.racer_id, r.cat, r.time])).toEqual([
      [3, '301', 'U12', '56.05'],
      [4, '302', 'U12', '58.50'],
      [5, '303', 'U12', 'DNCR'],
      [6, '401', 'U16', '70.88'],
      [7, '402', 'U16', 'DNCR'],
      [8, '403', 'MA2', 'DNS'],
    ]);
    expect(parsed.skipped).toEqual([]);
  });

  it('reads Sex as the gender column', () => {
    expect(parsed.rows.map((r) => r.gender)).toEqual(['Women', 'Women', 'Women', 'Men', 'Men', 'Men']);
  });
});

describe('headers', () => {
  it('accepts one header row of its own over a title row, ID and Category spelled out', () => {
    const text = 'Club Race results\nID,Name,Club,Gender,Category,Run 1,Run 2\n7,Ann,HEM,W,U21,40.1,39.9\n';
    const parsed = parseResultsFile(text, 'ERSA');
    expect(parsed.rows.map(pick)).toEqual([[3, '7', 'Ann', 'HEM', 'Women', 'U21', '39.90']]);
  });

  it('reads the code of the association it is configured with', () => {
    const text = ',,LSRA,,,,\nName,Club,ID,Gender,Age/Grp.,Run 1,Run 2\nAnn,HEM,9,F,U14,40,41\n';
    expect(parseResultsFile(text, 'LSRA').rows.map((r) => r.racer_id)).toEqual(['9']);
  });

  it('joins first and last names when the file has no Name column', () => {
    const text = 'x\nRacer ID,First name,Surname,Club,Sex,Cat,Run1,Run2\n5,Ann,Lee,VIK,F,U12,30,31\n';
    expect(parseResultsFile(text, 'ERSA').rows.map((r) => r.name)).toEqual(['Ann Lee']);
  });

  it('reads semicolon files with a byte-order mark and CR line ends', () => {
    const text = '\ufeffa;b\rID;Name;Club;Gender;Cat;Run 1;Run 2\r5;Ann;VIK;F;U12;30,5;31\r';
    expect(parseResultsFile(text, 'ERSA').rows.map(pick)).toEqual([[3, '5', 'Ann', 'VIK', 'Women', 'U12', '30.50']]);
  });

  it('names the missing columns on the header line and each data line, and finds no valid data', () => {
    const parsed = parseResultsFile('a,b\nID,Name,Run 1,Run 2\n1,Ann,30,31\n', 'ERSA');
    expect(parsed.error).toBe(RESULTS_MSG.noValidData);
    expect(parsed.rows).toEqual([]);
    const reason = RESULTS_MSG.missingColumns(['Club', 'Gender', 'Age/Grp.']);
    expect(parsed.skipped).toEqual([
      { line: 1, reason },
      { line: 3, reason },
    ]);
  });

  it.each([[''], ['\n\n'], ['only one line\n'], ['h1\nh2\n']])('%j has no valid data', (text) => {
    expect(parseResultsFile(text, 'ERSA').error).toBe(RESULTS_MSG.noValidData);
  });
});

describe('rows the administrator must correct', () => {
  it('keeps them with their problems, by field', () => {
    const text = 'a\nID,Name,Club,Gender,Cat,Run 1,Run 2\n,Ann,HEM,X,U99,30,31\n';
    const [row] = parseResultsFile(text, 'ERSA').rows;
    expect(row?.problems).toEqual({
      racer_id: RESULTS_MSG.racerIdRequired('ERSA'),
      gender: RESULTS_MSG.genderInvalid,
      cat: RESULTS_MSG.categoryInvalid,
    });
  });
});

describe('records', () => {
  it('keeps the line a quoted field with a line break starts on, and counts on after it', () => {
    const records = readRecords('a,b\n"multi\nline",x\nnext,y\n');
    expect(records.map((r) => [r.line, r.cells])).toEqual([
      [1, ['a', 'b']],
      [2, ['multi\nline', 'x']],
      [4, ['next', 'y']],
    ]);
  });
});

describe('the parser on arbitrary text (property)', () => {
  const header = 'h\nID,Name,Club,Gender,Cat,Run 1,Run 2,Run 3\n';
  const lineArb = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc
      .array(
        fc.oneof(fc.constantFrom('1', 'Ann', 'HEM', 'F', 'U10', '30.1', 'DNF', 'did not start', ''), fc.string()),
        {
          maxLength: 10,
        },
      )
      .map((cells) => cells.join(',')),
  );

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 400 }), (text) => {
        parseResultsFile(text, 'ERSA');
      }),
      { numRuns: 500 },
    );
  });

  it('turns every non-blank data line without quotes into a row or reports it by its number', () => {
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 30 }), (lines) => {
        const clean = lines.map((l) => l.replace(/["\r\n]/g, ''));
        const parsed = parseResultsFile(header + clean.join('\n'), 'ERSA');
        const seen = new Set([...parsed.rows.map((r) => r.line), ...parsed.skipped.map((s) => s.line)]);
        clean.forEach((l, i) => {
          const blank = l.split(',').every((c) => c.trim() === '');
          if (!blank) expect(seen.has(i + 3), `line ${i + 3}: ${JSON.stringify(l)}`).toBe(true);
        });
        expect(parsed.rows.length + parsed.skipped.length).toBeLessThanOrEqual(clean.length);
      }),
      { numRuns: 300 },
    );
  });
});
