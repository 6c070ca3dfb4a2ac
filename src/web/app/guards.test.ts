import { describe, expect, it } from 'vitest';
import { guardTarget } from './guards.ts';

const OPEN = { canAccessSite: true, isInMaintenance: false };
const signedOut = { ...OPEN, isLoggedIn: false, isAdmin: false };
const parent = { ...OPEN, isLoggedIn: true, isAdmin: false };
const admin = { ...OPEN, isLoggedIn: true, isAdmin: true };

describe('guardTarget', () => {
  it('sends a signed-out visitor home with the page asked for, to come back to after logging in', () => {
    expect(guardTarget('/profile', signedOut, '?tab=entries')).toBe('/?redirect=%2Fprofile%3Ftab%3Dentries');
    expect(guardTarget('/profile', signedOut, '')).toBe('/?redirect=%2Fprofile');
    expect(guardTarget('/admin', signedOut, '')).toBe('/?redirect=%2Fadmin');
    expect(guardTarget('/admin/users', signedOut, '?page=2')).toBe('/?redirect=%2Fadmin%2Fusers%3Fpage%3D2');
  });

  it('sends a signed-in non-administrator away from the back office home, with no prompt', () => {
    expect(guardTarget('/admin', parent, '')).toBe('/');
    expect(guardTarget('/admin/users', parent, '?page=2')).toBe('/');
  });

  it('lets through whoever may open the page', () => {
    expect(guardTarget('/profile', parent, '?tab=entries')).toBeNull();
    expect(guardTarget('/admin', admin, '')).toBeNull();
    expect(guardTarget('/booking', signedOut, '')).toBeNull();
    expect(guardTarget('/', signedOut, '?redirect=%2Fprofile')).toBeNull();
  });

  it('puts maintenance first', () => {
    const closed = { ...signedOut, canAccessSite: false, isInMaintenance: true };
    expect(guardTarget('/profile', closed, '?tab=entries')).toBe('/maintenance');
    expect(guardTarget('/maintenance', signedOut, '')).toBe('/');
  });
});
