import { describe, expect, it } from 'vitest';
import { computeTime, formatRaceTime, normaliseRun, parseSeconds, readTypedTime } from './times.ts';

const time = (...args: Parameters<typeof computeTime>) => formatRaceTime(computeTime(...args));

describe('run texts', () => {
  it.each([
    ['Did Not Start', 'DNS'],
    ['did not finish', 'DNF'],
    ['Racer did not finish (fall)', 'DNF'],
    ['DISQUALIFIED gate 12', 'DSQ'],
    ['dnf', 'DNF'],
    [' dsq ', 'DSQ'],
    ['Dns', 'DNS'],
    [' 34.56 ', '34.56'],
    ['', ''],
    ['fell', 'fell'],
  ])('%j → %j', (text, expected) => {
    expect(normaliseRun(text)).toBe(expected);
  });
});

describe('seconds', () => {
  it.each([
    ['34.56', 34_560_000_000],
    ['34', 34_000_000_000],
    ['34,5', 34_500_000_000],
    ['1:02.34', 62_340_000_000],
    ['0:59.99', 59_990_000_000],
    ['34.5678', 34_567_800_000],
    ['34.123456789', 34_123_456_789],
    ['0.01', 10_000_000],
    ['0.005', 5_000_000],
    ['9999', 9_999_000_000_000],
  ])('%s → %d nanoseconds', (text, ms) => {
    expect(parseSeconds(text)).toBe(ms);
  });
  it.each([
    ['0'],
    ['0.00'],
    ['0.004'],
    ['0.0049'],
    ['0.0049999999'],
    ['1.0000000001'],
    ['-1'],
    ['abc'],
    [''],
    ['.'],
    ['1:60.00'],
    ['1:2.3'],
    ['10000'],
    ['1e3'],
    ['34.5.6'],
  ])('%j is not a time', (text) => {
    expect(parseSeconds(text)).toBeNull();
  });
});

describe('two runs: the better run', () => {
  it('takes the lower of two times', () => {
    expect(time('U14', ['35.20', '34.87'], false)).toBe('34.87');
  });
  it('takes the one time when the other run is DNF', () => {
    expect(time('U14', ['DNF', '34.87'], false)).toBe('34.87');
  });
  it('is DNS when both runs are DNS', () => {
    expect(time('U14', ['DNS', 'DNS'], false)).toBe('DNS');
  });
  it('is DNCR when neither run is a time (DNS and DNF, DSQ and blank)', () => {
    expect(time('U14', ['DNS', 'DNF'], false)).toBe('DNCR');
    expect(time('U10', ['DSQ', ''], false)).toBe('DNCR');
  });
  it('is DNCR when the runs would round to 0.00 (no race has that time)', () => {
    expect(time('U14', ['0.001', '0.004'], false)).toBe('DNCR');
    expect(time('U14', ['0.004', '0.005'], false)).toBe('0.01');
  });
  it('rounds to the hundredth, half up', () => {
    expect(time('U14', ['34.555', '40'], false)).toBe('34.56');
    expect(time('U14', ['34.554', '40'], false)).toBe('34.55');
    // once, from the time as written: never 34.5549 → 34.555 → 34.56
    expect(time('U14', ['34.5549', '40'], false)).toBe('34.55');
    expect(time('U14', ['34.5550', '40'], false)).toBe('34.56');
  });
  it('ignores a third run in the two-run format', () => {
    expect(time('U14', ['35.00', '36.00', '20.00'], false)).toBe('35.00');
  });
});

describe('three runs, U08, U10 and U12: the two best valid runs', () => {
  it('adds the two lowest of three', () => {
    expect(time('U10', ['30.10', '29.95', '31.00'], true)).toBe('60.05');
  });
  it('adds the two valid runs when one is DNF', () => {
    expect(time('U12', ['DNF', '29.95', '31.00'], true)).toBe('60.95');
  });
  it('is DNCR with one valid run of three', () => {
    expect(time('U08', ['DNF', '29.95', 'DSQ'], true)).toBe('DNCR');
  });
  it('is DNS when all three are DNS', () => {
    expect(time('U08', ['DNS', 'DNS', 'DNS'], true)).toBe('DNS');
  });
  it('sums without binary fractions creeping in (0.1 + 0.2)', () => {
    expect(time('U10', ['10.1', '10.2', '11'], true)).toBe('20.30');
  });
});

describe('three runs, U14 and older: the better of runs 1 and 2 plus run 3', () => {
  it('adds the better of the first two to the third', () => {
    expect(time('U14', ['35.20', '34.87', '36.01'], true)).toBe('70.88');
  });
  it('is DNCR with DNF in run 3', () => {
    expect(time('U14', ['35.20', '34.87', 'DNF'], true)).toBe('DNCR');
  });
  it('is DNCR with a blank run 3', () => {
    expect(time('MA4', ['35.20', '34.87', ''], true)).toBe('DNCR');
  });
  it('is DNCR when neither of runs 1 and 2 is valid, however good run 3 is', () => {
    expect(time('SM1', ['DNF', 'DSQ', '30.00'], true)).toBe('DNCR');
  });
  it('is DNCR with one valid run of three (run 1 only)', () => {
    expect(time('U16', ['33.00', 'DNF', 'DNS'], true)).toBe('DNCR');
  });
  it('is DNS when all three are DNS', () => {
    expect(time('U21', ['DNS', 'DNS', 'DNS'], true)).toBe('DNS');
  });
  it('counts run 1 when run 2 is DNS', () => {
    expect(time('U18', ['33.00', 'DNS', '34.00'], true)).toBe('67.00');
  });
});

describe('a typed time', () => {
  it.each([
    ['dnf', 'DNF'],
    ['DSQ', 'DSQ'],
    [' dns ', 'DNS'],
    ['34.5', '34.50'],
    ['1:02.345', '62.35'],
  ])('%j is accepted as %s', (text, shown) => {
    const t = readTypedTime(text);
    expect(t && formatRaceTime(t)).toBe(shown);
  });
  it.each([['DNCR'], ['abc'], [''], ['-3'], ['0'], ['0.004']])('%j is refused', (text) => {
    expect(readTypedTime(text)).toBeNull();
  });
});
