import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { initials, SESSION_COUNTDOWN_SECONDS, SESSION_TIMEOUT_MS, SESSION_WARNING_MS } from './session.ts';

describe('session constants (doc 1 §9)', () => {
  it('times out after 25 minutes, warns at 24, counts down 60 seconds', () => {
    expect(SESSION_TIMEOUT_MS).toBe(25 * 60 * 1000);
    expect(SESSION_TIMEOUT_MS).toBe(1_500_000);
    expect(SESSION_WARNING_MS).toBe(24 * 60 * 1000);
    expect(SESSION_WARNING_MS).toBe(1_440_000);
    expect(SESSION_COUNTDOWN_SECONDS).toBe(60);
  });

  it('the countdown fills the gap between the warning and the timeout', () => {
    expect(SESSION_WARNING_MS + SESSION_COUNTDOWN_SECONDS * 1000).toBe(SESSION_TIMEOUT_MS);
  });
});

describe('initials', () => {
  it('upper-cases the first letters of first and last name', () => {
    expect(initials('sam', 'taylor')).toBe('ST');
    expect(initials('Mary-Jane', "o'neil")).toBe('MO');
    expect(initials('  ann ', ' lee')).toBe('AL');
  });

  it('copes with empty names', () => {
    expect(initials('', 'taylor')).toBe('T');
    expect(initials('', '')).toBe('');
  });

  it('property: two upper-case letters for any two non-empty letter names', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[a-zA-Z]{1,12}$/), fc.stringMatching(/^[a-zA-Z]{1,12}$/), (f, l) => {
        const out = initials(f, l);
        expect(out).toHaveLength(2);
        expect(out).toBe(`${f[0]}${l[0]}`.toUpperCase());
      }),
    );
  });
});
