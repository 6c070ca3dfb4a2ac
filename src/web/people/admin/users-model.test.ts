import { describe, expect, it } from 'vitest';
import { USERS_MSG } from '../../../domain/people/users.ts';
import { ApiError } from '../../api/client.ts';
import {
  archiveRefusal,
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

describe('whether Archive or Restore is offered', () => {
  const target = (id: number, admin_level: 'NONE' | 'ADMIN' | 'SUPER') => ({ user: { id, admin_level } });
  it('refuses one’s own row, as the server does', () => {
    expect(archiveRefusal({ id: 7, isSuper: false }, target(7, 'ADMIN'), true)).toBe(USERS_MSG.archiveSelf);
    expect(archiveRefusal({ id: 7, isSuper: true }, target(7, 'SUPER'), true)).toBe(USERS_MSG.archiveSelf);
  });
  it('refuses an administrator’s or super administrator’s row to an ordinary administrator', () => {
    expect(archiveRefusal({ id: 1, isSuper: false }, target(2, 'ADMIN'), true)).toBe(USERS_MSG.higherAccount);
    expect(archiveRefusal({ id: 1, isSuper: false }, target(2, 'SUPER'), true)).toBe(USERS_MSG.higherAccount);
    expect(archiveRefusal({ id: 1, isSuper: false }, target(2, 'ADMIN'), false)).toBe(USERS_MSG.higherAccount);
    expect(archiveRefusal({ id: 1, isSuper: false }, target(2, 'NONE'), true)).toBeNull();
    expect(archiveRefusal({ id: 1, isSuper: false }, target(2, 'NONE'), false)).toBeNull();
  });
  it('lets a super administrator archive an administrator but never a super administrator', () => {
    expect(archiveRefusal({ id: 1, isSuper: true }, target(2, 'ADMIN'), true)).toBeNull();
    expect(archiveRefusal({ id: 1, isSuper: true }, target(2, 'SUPER'), true)).toBe(USERS_MSG.superArchive);
    expect(archiveRefusal({ id: 1, isSuper: true }, target(2, 'SUPER'), false)).toBeNull();
  });
  it('refuses everything until the signed-in account is known', () => {
    expect(archiveRefusal({ id: null, isSuper: false }, target(2, 'NONE'), true)).toBe(USERS_MSG.archiveSelf);
  });
});
