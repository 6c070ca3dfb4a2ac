import { describe, expect, it } from 'vitest';
import type { RaceEvent } from './api.ts';
import {
  chooseYear,
  formatPoints,
  formatTime,
  rankedLast,
  readResultsAddress,
  resultsTitle,
  resultYears,
  yearOptions,
} from './view.ts';

const event = (year: number, calculated: boolean): RaceEvent => ({
  id: year,
  name: `Club Race ${year}`,
  date: null,
  year,
  status: 'draft',
  club_results: [{ club_id: 'HEM', club_name: 'Hemel', points_calculated: calculated }],
});

describe('the results address', () => {
  it('reads year, club and tab, and ignores what it cannot read', () => {
    expect(readResultsAddress(new URLSearchParams('year=2026&club=hem&tab=overall'))).toEqual({
      year: 2026,
      club: 'HEM',
      tab: 'overall',
    });
    expect(readResultsAddress(new URLSearchParams('year=26x&club=Season&tab=nope'))).toEqual({
      year: null,
      club: 'season',
      tab: 'categories',
    });
    expect(readResultsAddress(new URLSearchParams(''))).toEqual({ year: null, club: null, tab: 'categories' });
  });
});

describe('the year shown', () => {
  it('lists the years with calculated results, newest first', () => {
    expect(resultYears([event(2024, true), event(2026, true), event(2025, false)])).toEqual([2026, 2024]);
  });
  it('takes the asked year when it has results, else the current year, else the newest', () => {
    expect(chooseYear([2026, 2024], 2026, 2024)).toBe(2024);
    expect(chooseYear([2026, 2024], 2026, 2025)).toBe(2026);
    expect(chooseYear([2025, 2024], 2026, null)).toBe(2025);
  });
  it('falls back to the current year alone when there are none (or the list failed)', () => {
    expect(chooseYear([], 2026, 2024)).toBe(2026);
    expect(yearOptions([], 2026)).toEqual([2026]);
    expect(yearOptions([2025, 2024], 2026)).toEqual([2025, 2024]);
  });
});

describe('the tables', () => {
  it('show points to two decimals, 0.00 for none scored and 999.99 only where absent', () => {
    expect(formatPoints(80)).toBe('80.00');
    expect(formatPoints(36.5)).toBe('36.50');
    expect(formatPoints(0)).toBe('0.00');
    expect(formatPoints(null)).toBe('999.99');
    expect(formatPoints(undefined)).toBe('999.99');
  });
  it('show times to two decimals and marks as they are', () => {
    expect(formatTime('41.2')).toBe('41.20');
    expect(formatTime('41.237')).toBe('41.24');
    expect(formatTime('DNCR')).toBe('DNCR');
    expect(formatTime('DNF')).toBe('DNF');
  });
  it('rank position 0 last and keep the order of the rest', () => {
    const rows = [
      { position: 0, name: 'a' },
      { position: 2, name: 'b' },
      { position: 1, name: 'c' },
      { position: 0, name: 'd' },
      { position: 2, name: 'e' },
    ];
    expect(rankedLast(rows).map((r) => r.name)).toEqual(['c', 'b', 'e', 'a', 'd']);
  });
  it('title the page in the three forms', () => {
    expect(resultsTitle(2026, { code: 'ERSA' })).toBe('2026 Results');
    expect(resultsTitle(2026, { code: 'ERSA', clubName: 'Hemel' })).toBe('Hemel 2026 Results');
    expect(resultsTitle(2026, { code: 'ERSA', season: true })).toBe('ERSA Season Totals 2026');
  });
});
