import { describe, expect, it } from 'vitest';
import { type AdminLevel, adminLevelOf, isAdmin, isSuperAdmin, type RoleFields } from './roles.ts';

const user: RoleFields = { role: 'user', admin_level: 'NONE', is_superuser: false };

describe('isAdmin', () => {
  it('is false for a plain user', () => {
    expect(isAdmin(user)).toBe(false);
  });

  it('is true for role admin, admin_level ADMIN or SUPER, or the superuser flag', () => {
    expect(isAdmin({ ...user, role: 'admin' })).toBe(true);
    expect(isAdmin({ ...user, admin_level: 'ADMIN' })).toBe(true);
    expect(isAdmin({ ...user, admin_level: 'SUPER' })).toBe(true);
    expect(isAdmin({ ...user, is_superuser: true })).toBe(true);
  });
});

describe('isSuperAdmin', () => {
  it('is true only for SUPER or the superuser flag', () => {
    expect(isSuperAdmin({ admin_level: 'SUPER', is_superuser: false })).toBe(true);
    expect(isSuperAdmin({ admin_level: 'NONE', is_superuser: true })).toBe(true);
    expect(isSuperAdmin({ admin_level: 'ADMIN', is_superuser: false })).toBe(false);
    expect(isSuperAdmin({ admin_level: 'NONE', is_superuser: false })).toBe(false);
  });

  it('is false for role admin without a super level', () => {
    const roleAdmin: RoleFields = { ...user, role: 'admin' };
    expect(isSuperAdmin(roleAdmin)).toBe(false);
  });
});

describe('adminLevelOf', () => {
  it('gives NONE, ADMIN or SUPER', () => {
    expect(adminLevelOf(user)).toBe('NONE');
    expect(adminLevelOf({ ...user, admin_level: 'ADMIN' })).toBe('ADMIN');
    expect(adminLevelOf({ ...user, role: 'admin' })).toBe('ADMIN');
    expect(adminLevelOf({ ...user, admin_level: 'SUPER' })).toBe('SUPER');
    expect(adminLevelOf({ ...user, is_superuser: true })).toBe('SUPER');
    expect(adminLevelOf({ role: 'admin', admin_level: 'ADMIN', is_superuser: true })).toBe('SUPER');
  });

  it('is consistent with isAdmin and isSuperAdmin for every combination', () => {
    for (const role of ['user', 'admin'] as const) {
      for (const admin_level of ['NONE', 'ADMIN', 'SUPER'] as AdminLevel[]) {
        for (const is_superuser of [false, true]) {
          const u = { role, admin_level, is_superuser };
          const expected: AdminLevel = isSuperAdmin(u) ? 'SUPER' : isAdmin(u) ? 'ADMIN' : 'NONE';
          expect(adminLevelOf(u)).toBe(expected);
          expect(isAdmin(u)).toBe(role === 'admin' || admin_level !== 'NONE' || is_superuser);
        }
      }
    }
  });
});
