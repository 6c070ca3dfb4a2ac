import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidSetup, TEAM_COUNTS, TEAM_SIZES } from './combos.ts';
import { dealTeams, generationProblems, specialisedTeams, teamsByClub } from './deal.ts';
import { TEAMS_MSG } from './messages.ts';
import type { CourseType, TeamParticipant } from './participants.ts';
import { NO_SEED_POINTS } from './seed.ts';

let nextId = 1;
const person = (name: string, courseType: CourseType, points: number, club = 'HEM'): TeamParticipant => ({
  bookingId: nextId++,
  racerId: String(100 + nextId),
  name,
  courseType,
  club,
  points,
  noSeed: points === NO_SEED_POINTS,
});
const S = (name: string, points: number, club?: string) => person(name, 'Stubbies', points, club);
const F = (name: string, points: number, club?: string) => person(name, 'Full Gates', points, club);

describe('dealing 25 Heroes into 5 teams of 5 (worked by hand)', () => {
  // ten Stubbies (S3 and S4 tie on 15; S10 has no seed) and fifteen Full Gates (F1 has no seed),
  // in the table's order, mixed
  const heroes = [
    F('F8', 60),
    S('S5', 20),
    F('F2', 90),
    S('S1', 10),
    F('F15', 25),
    S('S3', 15),
    F('F10', 50),
    S('S4', 15),
    F('F1', NO_SEED_POINTS),
    S('S10', NO_SEED_POINTS),
    F('F5', 75),
    S('S7', 30),
    F('F12', 40),
    S('S2', 12),
    F('F6', 70),
    S('S9', 40),
    F('F3', 85),
    S('S6', 22),
    F('F14', 30),
    S('S8', 35),
    F('F4', 80),
    F('F7', 65),
    F('F9', 55),
    F('F11', 45),
    F('F13', 35),
  ];
  // Stubbies ascending: S1 10, S2 12, S3 15, S4 15, S5 20, S6 22, S7 30, S8 35, S9 40, S10 999.99
  // Full Gates descending: F1 999.99, F2 90, F3 85 … F15 25
  // dealt in one rotation: the 1st, 6th, 11th, 16th and 21st to Team 1, and so on
  const teams = dealTeams(heroes, ['Alpine', 'Blizzard', 'Cornice', 'Downhill', 'Edelweiss']);

  it('writes the five team sheets', () => {
    const sheet = (i: number) => teams[i]?.members.map((m) => `${m.position} ${m.name} ${m.points.toFixed(2)}`);
    expect(sheet(0)).toEqual(['1 S1 10.00', '2 S6 22.00', '3 F1 999.99', '4 F6 70.00', '5 F11 45.00']);
    expect(sheet(1)).toEqual(['1 S2 12.00', '2 S7 30.00', '3 F2 90.00', '4 F7 65.00', '5 F12 40.00']);
    expect(sheet(2)).toEqual(['1 S3 15.00', '2 S8 35.00', '3 F3 85.00', '4 F8 60.00', '5 F13 35.00']);
    expect(sheet(3)).toEqual(['1 S4 15.00', '2 S9 40.00', '3 F4 80.00', '4 F9 55.00', '5 F14 30.00']);
    expect(sheet(4)).toEqual(['1 S5 20.00', '2 S10 999.99', '3 F5 75.00', '4 F10 50.00', '5 F15 25.00']);
  });

  it('names each team and averages its points to two decimals', () => {
    expect(teams.map((t) => [t.number, t.name, t.members.length, t.average])).toEqual([
      [1, 'Alpine', 5, 229.4], //     1146.99 / 5 = 229.398
      [2, 'Blizzard', 5, 47.4], //     237 / 5
      [3, 'Cornice', 5, 46], //        230 / 5
      [4, 'Downhill', 5, 44], //       220 / 5
      [5, 'Edelweiss', 5, 234], //     1169.99 / 5 = 233.998
    ]);
    expect(teams[2]?.members.every((m) => m.teamName === 'Cornice' && m.team === 3)).toBe(true);
  });
});

describe('whether generation is allowed', () => {
  const names = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'];
  it('needs a valid Heroes count: 34 and 26 are refused, 25 and 35 (7 × 5) allowed', () => {
    expect(generationProblems(34, names)).toEqual([TEAMS_MSG.invalidHeroes(34)]);
    expect(generationProblems(35, names.slice(0, 7))).toEqual([]);
    expect(generationProblems(26, names)).toEqual([TEAMS_MSG.invalidHeroes(26)]);
    expect(generationProblems(25, names)).toEqual([]);
  });
  it('needs a non-blank name for every team', () => {
    expect(generationProblems(25, ['A', 'B', '   ', 'D', ''])).toEqual([
      TEAMS_MSG.teamNameRequired(3),
      TEAMS_MSG.teamNameRequired(5),
    ]);
  });
});

describe('the Clubs and Specialized Teams tabs', () => {
  it('group the members by club in the filter’s order, others after, "-" last', () => {
    const teams = dealTeams(
      [S('a', 1, '-'), S('b', 2, 'NOR'), F('c', 3, 'WGC'), F('d', 4, 'Chelsea'), F('e', 5, 'NOR')],
      ['One'],
    );
    expect(teamsByClub(teams).map((c) => [c.club, c.members.map((m) => m.name)])).toEqual([
      ['WGC', ['c']],
      ['NOR', ['b', 'e']],
      ['Chelsea', ['d']],
      ['-', ['a']],
    ]);
  });
  it('list each flag’s members', () => {
    const a = F('a', 1, 'HEM');
    const b = F('b', 2, 'VIK');
    const flags = {
      team1OpenA: new Set([a.bookingId]),
      team2OpenA: new Set<number>(),
      team1Children: new Set([a.bookingId, b.bookingId]),
      team2Children: new Set<number>(),
      heroes: new Set<number>(),
    };
    expect(specialisedTeams([a, b], flags).map((s) => [s.label, s.clubs.map((c) => c.club)])).toEqual([
      ['Team 1 Open A', ['HEM']],
      ['Team 2 Open A', []],
      ["Team 1 Children's", ['VIK', 'HEM']],
      ["Team 2 Children's", []],
    ]);
  });
});

describe('dealing, for any valid setup', () => {
  const setups = TEAM_COUNTS.flatMap((teams) =>
    TEAM_SIZES.filter((size) => isValidSetup(teams, size)).map((size) => ({ teams, size })),
  );
  const arbitraryHeroes = fc.constantFrom(...setups).chain((setup) =>
    fc
      .array(
        fc.record({
          stubbies: fc.boolean(),
          points: fc.oneof(
            fc.constant(NO_SEED_POINTS),
            fc.integer({ min: 1, max: 99999 }).map((n) => n / 100),
          ),
        }),
        { minLength: setup.teams * setup.size, maxLength: setup.teams * setup.size },
      )
      .map((list) => ({ setup, heroes: list.map((h, i) => (h.stubbies ? S : F)(`H${i}`, h.points)) })),
  );

  it('puts every Hero in exactly one team, makes the teams equal, and Stubbies come first in each', () => {
    fc.assert(
      fc.property(arbitraryHeroes, ({ setup, heroes }) => {
        const teams = dealTeams(
          heroes,
          Array.from({ length: setup.teams }, (_, i) => `Team ${i + 1}`),
        );
        const dealt = teams.flatMap((t) => t.members.map((m) => m.bookingId)).sort((a, b) => a - b);
        expect(dealt).toEqual(heroes.map((h) => h.bookingId).sort((a, b) => a - b));
        expect(new Set(teams.map((t) => t.members.length))).toEqual(new Set([setup.size]));
        for (const t of teams) {
          const firstFull = t.members.findIndex((m) => m.courseType === 'Full Gates');
          if (firstFull >= 0) expect(t.members.slice(firstFull).every((m) => m.courseType === 'Full Gates')).toBe(true);
          expect(t.members.map((m) => m.position)).toEqual(t.members.map((_, i) => i + 1));
        }
      }),
    );
  });
});
