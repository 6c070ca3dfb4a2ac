import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import {
  DEFAULT_RACER_FILTER,
  dateOfBirthLabel,
  decisionAction,
  decisionFailure,
  disciplineLabel,
  genderLabel,
  pageCount,
  parseRacerFilter,
  RACER_FILTERS,
  racerClub,
  racerName,
  racerNumberLabel,
  racersQueryString,
} from './racers-model.ts';

describe('the status filter', () => {
  it('offers All, Pending, Approved and Rejected, and starts at Pending (doc 2 §9)', () => {
    expect(RACER_FILTERS.map((f) => f.label)).toEqual(['All', 'Pending', 'Approved', 'Rejected']);
    expect(DEFAULT_RACER_FILTER).toBe('PENDING');
  });

  it('reads a choice back, and anything else as the default', () => {
    expect(parseRacerFilter('ALL')).toBe('ALL');
    expect(parseRacerFilter('REJECTED')).toBe('REJECTED');
    expect(parseRacerFilter('approved')).toBe('PENDING');
    expect(parseRacerFilter(null)).toBe('PENDING');
  });
});

describe('the list query', () => {
  it('sends page and status, and the search only when there is one (trimmed)', () => {
    expect(racersQueryString({ page: 1, status: 'PENDING', search: '' })).toBe('?page=1&racer_status=PENDING');
    expect(racersQueryString({ page: 3, status: 'ALL', search: '   ' })).toBe('?page=3&racer_status=ALL');
    expect(racersQueryString({ page: 2, status: 'APPROVED', search: '  Pat Parent ' })).toBe(
      '?page=2&racer_status=APPROVED&search=Pat+Parent',
    );
  });

  it('encodes what would break the query string', () => {
    const qs = racersQueryString({ page: 1, status: 'ALL', search: 'a&b=c+d@x.com' });
    expect(new URLSearchParams(qs).get('search')).toBe('a&b=c+d@x.com');
  });

  it('counts pages of 50, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(1)).toBe(1);
    expect(pageCount(50)).toBe(1);
    expect(pageCount(51)).toBe(2);
    expect(pageCount(250)).toBe(5);
  });
});

describe('the columns', () => {
  it('show N/A for a racer without a number, and the number otherwise', () => {
    expect(racerNumberLabel(null)).toBe('N/A');
    expect(racerNumberLabel(0)).toBe('0');
    expect(racerNumberLabel(121)).toBe('121');
  });

  it('write the date of birth as DD/MM/YYYY', () => {
    expect(dateOfBirthLabel('2014-03-07')).toBe('07/03/2014');
    expect(dateOfBirthLabel(null)).toBe('N/A');
  });

  it('name gender and discipline in words', () => {
    expect(genderLabel('FEMALE')).toBe('Female');
    expect(genderLabel('MALE')).toBe('Male');
    expect(genderLabel(null)).toBe('N/A');
    expect(disciplineLabel('SKI')).toBe('Ski');
    expect(disciplineLabel('SNOWBOARD')).toBe('Snowboard');
    expect(disciplineLabel(null)).toBe('N/A');
  });

  it('join first and last name', () => {
    expect(racerName({ first_name: 'Pat', last_name: 'Parent' })).toBe('Pat Parent');
  });

  it('show the club’s short code from the one club table, with its full name as the title', () => {
    expect(racerClub('HEMEL_SKI_RACE_CLUB', '')).toEqual({ code: 'HEM', title: 'Hemel Ski Race Club' });
    expect(racerClub('MK_SKI_RACE_TEAM', '')).toEqual({ code: 'SMK', title: 'MK Ski Race Team' });
    expect(racerClub('OTHER', 'Chiltern Ski Club')).toEqual({ code: '-', title: 'Other: Chiltern Ski Club' });
    expect(racerClub('OTHER', '')).toEqual({ code: '-', title: 'Other' });
    // unknown values pass through unchanged
    expect(racerClub('SOME_NEW_CLUB', '')).toEqual({ code: 'SOME_NEW_CLUB', title: 'SOME_NEW_CLUB' });
    expect(racerClub('', '').code).toBe('N/A');
  });
});

describe('a failed decision (doc 2 §8)', () => {
  it('says which action failed when the server answered', () => {
    const conflict = new ApiError(409, 'The racer is already approved.', 'CONFLICT');
    expect(decisionFailure(conflict, 'APPROVED')).toBe('Failed to approve racer');
    expect(decisionFailure(new ApiError(500, 'Internal Server Error'), 'REJECTED')).toBe('Failed to reject racer');
  });

  it('says the update failed when the call got no answer', () => {
    expect(decisionFailure(new TypeError('Failed to fetch'), 'APPROVED')).toBe(
      'An error occurred while updating racer status',
    );
  });

  it('names the verb of each decision', () => {
    expect(decisionAction('APPROVED')).toBe('approve');
    expect(decisionAction('REJECTED')).toBe('reject');
  });
});
