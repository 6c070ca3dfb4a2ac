import { describe, expect, it } from 'vitest';
import { USERS_MSG } from '../../../domain/people/users.ts';
import { ApiError } from '../../api/client.ts';
import {
  createFailureDetail,
  parseSort,
  SORT_OPTIONS,
  updateFailureDetail,
  usersPageCount,
  usersQueryString,
} from './users-model.ts';

describe('the users list', () => {
  it('offers the ten sorts, newest first by default', () => {
    expect(SORT_OPTIONS.map((o) => o.value)).toEqual([
      'id_asc',
      'id_desc',
      'first_name_asc',
      'first_name_desc',
      'last_name_asc',
      'last_name_desc',
      'confirmed_racers',
      'dob_asc',
      'dob_desc',
      'archived',
    ]);
    expect(parseSort(undefined)).toBe('id_desc');
    expect(parseSort('dob_asc')).toBe('dob_asc');
    expect(parseSort('nope')).toBe('id_desc');
  });

  it('sends page, sort and the trimmed search; the CSV leaves the page out', () => {
    expect(usersQueryString({ page: 2, sort: 'id_desc', search: ' ann ' })).toBe('?page=2&sort=id_desc&search=ann');
    expect(usersQueryString({ sort: 'archived', search: '' })).toBe('?sort=archived');
    expect(usersPageCount(101)).toBe(3);
  });
});

describe('failure messages (doc 2 §8)', () => {
  it('names the username’s first message when creating fails, else Unknown error', () => {
    const taken = new ApiError(400, 'That username is taken', 'VALIDATION', { username: ['That username is taken'] });
    expect(USERS_MSG.createFailed(createFailureDetail(taken))).toBe('Failed to create user - That username is taken');
    const other = new ApiError(400, 'Email is invalid', 'VALIDATION', { email: ['Email is invalid'] });
    expect(USERS_MSG.createFailed(createFailureDetail(other))).toBe('Failed to create user - Unknown error');
    expect(USERS_MSG.updateFailed(updateFailureDetail(new TypeError('x')))).toBe(
      'Failed to update user: Unknown error',
    );
    expect(USERS_MSG.updateFailed(updateFailureDetail(other))).toBe('Failed to update user: Email is invalid');
  });
});
