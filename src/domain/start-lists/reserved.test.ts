import { describe, expect, it } from 'vitest';
import { parseReserved, RESERVED_MSG } from './reserved.ts';

const numbers = (text: string) => [...parseReserved(text).numbers].sort((a, b) => a - b);

describe('reserved bib numbers', () => {
  it('reads single numbers and ranges, with commas, semicolons, spaces and new lines', () => {
    expect(numbers('1-9, 13, 99')).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 13, 99]);
    expect(numbers('5 - 7;20\n30 31')).toEqual([5, 6, 7, 20, 30, 31]);
    expect(numbers('4–5')).toEqual([4, 5]);
    expect(numbers('  ')).toEqual([]);
    expect(parseReserved('1-9, 13').problems).toEqual([]);
  });

  it('names each bad item with its line and keeps the good ones', () => {
    const r = parseReserved('1-3, x\n9-4\n0, 10000, 7');
    expect(r.problems).toEqual([
      RESERVED_MSG.notNumber(1, 'x'),
      RESERVED_MSG.downward(2, '9-4'),
      RESERVED_MSG.notNumber(3, '0'),
      RESERVED_MSG.tooHigh(3, '10000'),
    ]);
    expect(r.problems[0]).toBe('Line 1: "x" is not a number or a range like 1-9.');
    expect(r.problems[1]).toBe('Line 2: the range "9-4" goes down; write it low to high.');
    expect([...r.numbers].sort((a, b) => a - b)).toEqual([1, 2, 3, 7]);
  });

  it('accepts 9999 and refuses a text over 500 characters', () => {
    expect(numbers('9999')).toEqual([9999]);
    expect(parseReserved('1,'.repeat(251)).problems).toEqual([RESERVED_MSG.tooLong]);
  });
});
