import { describe, expect, it } from 'vitest';
import { parseDayMonthYear, showDayMonthYear } from './day-format.ts';

describe('dates typed DD/MM/YYYY', () => {
  it('reads the day first, whatever the browser would do', () => {
    expect(parseDayMonthYear('05/03/2027')).toBe('2027-03-05');
    expect(parseDayMonthYear('5/3/2027')).toBe('2027-03-05');
    expect(parseDayMonthYear(' 31/12/1999 ')).toBe('1999-12-31');
    expect(parseDayMonthYear('29/02/2028')).toBe('2028-02-29');
  });

  it('refuses what is not a whole, real date', () => {
    expect(parseDayMonthYear('')).toBeNull();
    expect(parseDayMonthYear('05/03/20')).toBeNull();
    expect(parseDayMonthYear('05/03/202')).toBeNull();
    expect(parseDayMonthYear('31/04/2027')).toBeNull();
    expect(parseDayMonthYear('29/02/2027')).toBeNull();
    expect(parseDayMonthYear('13/13/2027')).toBeNull();
    expect(parseDayMonthYear('2027-03-05')).toBeNull();
    expect(parseDayMonthYear('05/03/1899')).toBeNull();
  });

  it('shows a stored date the same way', () => {
    expect(showDayMonthYear('2027-03-05')).toBe('05/03/2027');
  });
});
