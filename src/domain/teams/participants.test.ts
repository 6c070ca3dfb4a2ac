import { describe, expect, it } from 'vitest';
import { isValidSetup, setupFor, TEAM_COUNTS, TEAM_SIZES } from './combos.ts';
import { courseType, findSeed, teamParticipants } from './participants.ts';
import { NO_SEED_POINTS, parseSeedFile } from './seed.ts';

const booked = (id: number, first: string, last: string, racerId: number | null, dob: string | null, club: string) => ({
  id,
  participant_first_name: first,
  participant_last_name: last,
  participant_profile: { racer_id: racerId, date_of_birth: dob, local_club: club },
});

describe('course type', () => {
  it('is Stubbies at 11 or younger by birth-year difference, Full Gates otherwise or without a date', () => {
    expect(courseType('2015-12-31', 2026)).toBe('Stubbies');
    expect(courseType('2014-01-01', 2026)).toBe('Full Gates');
    expect(courseType('2020-06-01', 2026)).toBe('Stubbies');
    expect(courseType(null, 2026)).toBe('Full Gates');
    expect(courseType('', 2026)).toBe('Full Gates');
  });
});

describe('matching booked participants to seeds', () => {
  const seeds = parseSeedFile('101,12.5\n0102,20\n10103,30').rows;

  it('by identical number, else by equal number, else 999.99 and no seed', () => {
    const people = teamParticipants(
      [
        booked(1, 'Amy', 'Smith', 101, '2016-02-01', 'HEMEL_SKI_RACE_CLUB'),
        booked(2, 'Ben', 'Jones', 102, '2010-02-01', 'MK_SKI_RACE_TEAM'),
        booked(3, 'Cara', 'Lee', 103, null, 'OTHER'),
        booked(4, 'Dan', 'Park', 104, '2012-01-01', 'Chelsea'),
        booked(5, 'Eve', 'Ward', null, '2012-01-01', 'NORFOLK_SNOWSPORTS_CLUB_RACE_TEAM'),
      ],
      seeds,
      2026,
    );
    expect(people.map((p) => [p.racerId, p.name, p.courseType, p.club, p.points, p.noSeed])).toEqual([
      ['101', 'Amy Smith', 'Stubbies', 'HEM', 12.5, false],
      ['102', 'Ben Jones', 'Full Gates', 'SMK', 20, false],
      ['103', 'Cara Lee', 'Full Gates', '-', 30, false],
      ['104', 'Dan Park', 'Full Gates', 'Chelsea', NO_SEED_POINTS, true],
      ['', 'Eve Ward', 'Full Gates', 'NOR', NO_SEED_POINTS, true],
    ]);
  });

  it('prefers the identical number to an equal one, and falls back to the first word of the name', () => {
    const rows = [
      { racerId: '0101', points: 1, line: 1 },
      { racerId: '101', points: 2, line: 2 },
      { racerId: 'amy', points: 3, line: 3 },
    ];
    expect(findSeed('101', 'X', rows)?.points).toBe(2);
    expect(findSeed('00101', 'X', rows)?.points).toBe(1);
    expect(findSeed('', 'AMY Smith', rows)?.points).toBe(3);
    expect(findSeed('', 'Ben Smith', rows)).toBeUndefined();
  });
});

describe('the valid setups', () => {
  it('give the teams from the Heroes count; 35 is the valid cell 7 × 5, never the invalid 5 × 7', () => {
    expect(setupFor(15)).toEqual({ teams: 5, size: 3 });
    expect(setupFor(25)).toEqual({ teams: 5, size: 5 });
    expect(setupFor(35)).toEqual({ teams: 7, size: 5 });
    expect(setupFor(42)).toEqual({ teams: 6, size: 7 });
    expect(setupFor(24)).toEqual({ teams: 8, size: 3 });
    expect(setupFor(88)).toEqual({ teams: 8, size: 11 });
    for (const n of [0, 1, 14, 26, 34, 36, 89, 100]) expect(setupFor(n), String(n)).toBeNull();
  });
  it('have one valid cell for every total the table lists', () => {
    for (const teams of TEAM_COUNTS) {
      for (const size of TEAM_SIZES) {
        const setup = setupFor(teams * size);
        expect(setup, `${teams} × ${size}`).not.toBeNull();
        expect(setup && isValidSetup(setup.teams, setup.size), `${teams} × ${size}`).toBe(true);
        expect(setup && setup.teams * setup.size).toBe(teams * size);
      }
    }
  });
});
