import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TEAMS_MSG } from './messages.ts';
import { NO_SEED_POINTS, parseSeedFile, readSeedPoints, splitQuoted } from './seed.ts';

const MIXED = [
  '101,12.5', //                   1: a comma line
  '"102","13,5"', //               2: quoted, with a comma decimal
  '103   14.25', //                3: whitespace
  '104,"-,--"', //                 4: the placeholder, quoted
  '105 -,--', //                   5: the placeholder on a whitespace line
  '10106,DNS', //                  6: 10000 and more: less 10000; DNS
  '107,0', //                      7: 0 points
  '108,-3', //                     8: negative points
  '109,1,2', //                    9: three values: skipped
  '', //                          10: blank: ignored
  'Racer,Points', //              11: a header: skipped
  '110 15,5', //                  12: a comma decimal on a whitespace line
  'abc', //                       13: one value: skipped
  '  ', //                        14: blank
  '20000\t7.125', //              15: a tab, 20000 → 10000, points rounded
].join('\r\n');

describe('the seed file', () => {
  it('reads a file mixing commas, quotes, whitespace, placeholders and bad lines', () => {
    const { rows, skipped } = parseSeedFile(MIXED);
    expect(rows.map((r) => [r.line, r.racerId, r.points])).toEqual([
      [1, '101', 12.5],
      [2, '102', 13.5],
      [3, '103', 14.25],
      [4, '104', NO_SEED_POINTS],
      [5, '105', NO_SEED_POINTS],
      [6, '106', NO_SEED_POINTS],
      [7, '107', NO_SEED_POINTS],
      [8, '108', NO_SEED_POINTS],
      [12, '110', 15.5],
      [15, '10000', 7.13],
    ]);
    expect(skipped).toEqual([
      { line: 9, reason: TEAMS_MSG.twoValues(3) },
      { line: 11, reason: TEAMS_MSG.notRacerNumber },
      { line: 13, reason: TEAMS_MSG.twoValues(1) },
    ]);
  });

  it('reduces ids of 10000 or more by 10000, and only those', () => {
    const { rows } = parseSeedFile('9999,1\n10000,1\n10001,1');
    expect(rows.map((r) => r.racerId)).toEqual(['9999', '0', '1']);
  });

  it('gives 999.99 for the placeholders, DNS/DNF/DSQ, words, 0 and below', () => {
    for (const text of ['-,--', 'DNS', 'dnf', 'DSQ', 'fast', '0', '0.00', '-1', '', '1.2.3']) {
      expect(readSeedPoints(text), text).toBe(NO_SEED_POINTS);
    }
    expect(readSeedPoints('0.01')).toBe(0.01);
    expect(readSeedPoints('45,678')).toBe(45.68);
  });

  it('splits at commas outside quotes, a doubled quote being one', () => {
    expect(splitQuoted('a,"b, c",d')).toEqual(['a', 'b, c', 'd']);
    expect(splitQuoted('"say ""hi""",2')).toEqual(['say "hi"', '2']);
  });

  it('never throws, and accounts for every line that is not blank', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 30 }), { maxLength: 30 }), (lines) => {
        const text = lines.join('\n');
        const { rows, skipped } = parseSeedFile(text);
        const physical = text.split(/\r\n|\n|\r/);
        const notBlank = physical.map((l, i) => (l.trim() ? i + 1 : 0)).filter(Boolean);
        expect([...rows.map((r) => r.line), ...skipped.map((s) => s.line)].sort((a, b) => a - b)).toEqual(notBlank);
        for (const r of rows) expect(r.points > 0).toBe(true);
      }),
    );
  });
});

describe('the seed file read with papaparse', () => {
  it('reads a quote inside an unquoted value as a character, not the start of a quoted part', () => {
    expect(splitQuoted('10"1,5"')).toEqual(['10"1', '5"']);
  });

  it('runs an unterminated quote to the end of its line only', () => {
    const { rows, skipped } = parseSeedFile('101,"12.5\n102,3');
    expect(rows.map((r) => [r.line, r.racerId, r.points])).toEqual([
      [1, '101', 12.5],
      [2, '102', 3],
    ]);
    expect(skipped).toEqual([]);
  });

  it('trims the values around the commas and unquotes a value quoted after a space; a comma in it still splits', () => {
    expect(splitQuoted(' 101 ,"12.5" ')).toEqual(['101', '12.5']);
    expect(parseSeedFile('101,"12.5"  \n102 , "3" ').rows.map((r) => r.points)).toEqual([12.5, 3]);
    expect(splitQuoted('101, "12,5"')).toEqual(['101', '"12', '5"']);
    expect(parseSeedFile('101, "12,5"').skipped).toEqual([{ line: 1, reason: TEAMS_MSG.twoValues(3) }]);
  });
});
