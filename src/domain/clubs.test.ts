import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clubCode, clubLabel, LOCAL_CLUB_VALUES, LOCAL_CLUBS } from './clubs.ts';

describe('clubCode', () => {
  it('gives the one code table of decisions.md', () => {
    expect(clubCode('WELWYN_GARDEN_CITY_SKI_RACE_CLUB')).toBe('WGC');
    expect(clubCode('VIKINGS_SKI_RACE_TEAM')).toBe('VIK');
    expect(clubCode('ESSEX_SKI_RACING_CLUB')).toBe('ESX');
    expect(clubCode('HEMEL_SKI_RACE_CLUB')).toBe('HEM');
    expect(clubCode('MK_SKI_RACE_TEAM')).toBe('SMK');
    expect(clubCode('NORFOLK_SNOWSPORTS_CLUB_RACE_TEAM')).toBe('NOR');
    expect(clubCode('OTHER')).toBe('-');
  });

  it('passes an unknown value through unchanged', () => {
    expect(clubCode('BRENTWOOD')).toBe('BRENTWOOD');
    expect(clubCode('')).toBe('');
    expect(clubCode('hemel_ski_race_club')).toBe('hemel_ski_race_club');
  });

  it('property: any value that is not a club value passes through', () => {
    const known = new Set<string>(LOCAL_CLUB_VALUES);
    fc.assert(
      fc.property(
        fc.string().filter((s) => !known.has(s)),
        (s) => {
          expect(clubCode(s)).toBe(s);
          expect(clubLabel(s)).toBe(s);
        },
      ),
    );
  });
});

describe('local clubs (doc 1 §3)', () => {
  it('lists the seven options with their labels, in order', () => {
    expect(LOCAL_CLUBS.map((c) => [c.label, c.value])).toEqual([
      ['Welwyn Garden City Ski Race Club', 'WELWYN_GARDEN_CITY_SKI_RACE_CLUB'],
      ['Vikings Ski Race Team', 'VIKINGS_SKI_RACE_TEAM'],
      ['Essex Ski Racing Club', 'ESSEX_SKI_RACING_CLUB'],
      ['Hemel Ski Race Club', 'HEMEL_SKI_RACE_CLUB'],
      ['MK Ski Race Team', 'MK_SKI_RACE_TEAM'],
      ['Norfolk Snowsports Club Race Team', 'NORFOLK_SNOWSPORTS_CLUB_RACE_TEAM'],
      ['OTHER', 'OTHER'],
    ]);
    expect(LOCAL_CLUB_VALUES).toEqual(LOCAL_CLUBS.map((c) => c.value));
  });

  it('clubLabel gives the label', () => {
    expect(clubLabel('MK_SKI_RACE_TEAM')).toBe('MK Ski Race Team');
    expect(clubLabel('OTHER')).toBe('OTHER');
  });
});
