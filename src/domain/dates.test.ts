import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatDayMonthYear, formatEventDate, formatLondonDateTime, LONDON, londonToday } from './dates.ts';

describe('londonToday', () => {
  it('uses Europe/London', () => {
    expect(LONDON).toBe('Europe/London');
  });

  it('in summer (BST) 23:30 UTC is already the next day in London', () => {
    expect(londonToday(new Date('2025-07-15T23:30:00Z'))).toBe('2025-07-16');
    expect(londonToday(new Date('2025-07-15T22:59:59Z'))).toBe('2025-07-15');
    expect(londonToday(new Date('2025-07-15T23:00:00Z'))).toBe('2025-07-16');
  });

  it('in winter (GMT) 23:30 UTC is still the same day', () => {
    expect(londonToday(new Date('2025-01-15T23:30:00Z'))).toBe('2025-01-15');
    expect(londonToday(new Date('2025-01-16T00:00:00Z'))).toBe('2025-01-16');
  });

  it('follows the clock change at the end of March', () => {
    // 2025-03-30 is the day BST starts (01:00 UTC)
    expect(londonToday(new Date('2025-03-29T23:30:00Z'))).toBe('2025-03-29');
    expect(londonToday(new Date('2025-03-30T23:30:00Z'))).toBe('2025-03-31');
  });

  it('returns an ISO date', () => {
    expect(londonToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('formatEventDate', () => {
  it('narrow: DD/MM/YYYY', () => {
    expect(formatEventDate('2026-03-07', true)).toBe('07/03/2026');
    expect(formatEventDate('2025-12-25', true)).toBe('25/12/2025');
    expect(formatEventDate('2026-03-07T10:00:00Z', true)).toBe('07/03/2026');
  });

  it('wide: weekday, ordinal day, month, year', () => {
    expect(formatEventDate('2026-03-07', false)).toBe('Saturday 7th March 2026');
    expect(formatEventDate('2025-12-25', false)).toBe('Thursday 25th December 2025');
  });

  it('ordinal suffixes', () => {
    const day = (d: number) => formatEventDate(`2026-01-${String(d).padStart(2, '0')}`, false).split(' ')[1];
    expect(day(1)).toBe('1st');
    expect(day(2)).toBe('2nd');
    expect(day(3)).toBe('3rd');
    expect(day(4)).toBe('4th');
    expect(day(11)).toBe('11th');
    expect(day(12)).toBe('12th');
    expect(day(13)).toBe('13th');
    expect(day(21)).toBe('21st');
    expect(day(22)).toBe('22nd');
    expect(day(23)).toBe('23rd');
    expect(day(24)).toBe('24th');
    expect(day(30)).toBe('30th');
    expect(day(31)).toBe('31st');
  });

  it('property: the wide form carries the narrow form’s day, month and year', () => {
    const months = [
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ];
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 365 * 40 }), (n) => {
        const iso = new Date(Date.UTC(2000, 0, 1) + n * 86_400_000).toISOString().slice(0, 10);
        const [dd, mm, yyyy] = formatEventDate(iso, true).split('/');
        const wide = formatEventDate(iso, false).split(' ');
        expect(wide).toHaveLength(4);
        expect(wide[1]).toMatch(new RegExp(`^${Number(dd)}(st|nd|rd|th)$`));
        expect(wide[2]).toBe(months[Number(mm) - 1]);
        expect(wide[3]).toBe(yyyy);
        expect(`${yyyy}-${mm}-${dd}`).toBe(iso);
      }),
    );
  });
});

describe('formatDayMonthYear', () => {
  it('shows a date of birth as day/month/year', () => {
    expect(formatDayMonthYear('2014-03-07')).toBe('07/03/2014');
    expect(formatDayMonthYear('2014-03-07T00:00:00Z')).toBe('07/03/2014');
  });

  it('is empty for a missing date', () => {
    expect(formatDayMonthYear(null)).toBe('');
    expect(formatDayMonthYear(undefined)).toBe('');
    expect(formatDayMonthYear('')).toBe('');
  });
});

describe('formatLondonDateTime', () => {
  it('says an instant in London time, across the clock change', () => {
    expect(formatLondonDateTime('2026-11-29T06:46:00Z')).toBe('29/11/2026, 06:46');
    expect(formatLondonDateTime('2026-06-01T23:30:00Z')).toBe('02/06/2026, 00:30');
  });
});
