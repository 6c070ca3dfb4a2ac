import { describe, expect, it } from 'vitest';
import { dealTeams, specialisedTeams, teamsByClub } from './deal.ts';
import { teamsCsv, teamsCsvName } from './export.ts';
import type { TeamParticipant } from './participants.ts';

const p = (bookingId: number, name: string, club: string, points: number): TeamParticipant => ({
  bookingId,
  racerId: String(100 + bookingId),
  name,
  courseType: bookingId === 1 ? 'Stubbies' : 'Full Gates',
  club,
  points,
  noSeed: false,
});

describe('the teams file', () => {
  it('is named {event}_teams_{year-month-day}.csv', () => {
    expect(teamsCsvName('Club Race 2026', '2026-11-25')).toBe('Club-Race-2026_teams_2026-11-25.csv');
    expect(teamsCsvName('???', '2026-11-25')).toBe('_teams_2026-11-25.csv');
  });

  it('has its three sections in the screen’s order, quoting commas and quotes', () => {
    const people = [p(1, 'Smith, Amy', 'HEM', 10), p(2, 'Ben "Rocket" Reed', 'VIK', 20.5), p(3, '=SUM(A1)', '-', 30)];
    const teams = dealTeams(people, ['Reds', 'Blues, Inc']);
    const flags = {
      team1OpenA: new Set([2]),
      team2OpenA: new Set<number>(),
      team1Children: new Set<number>(),
      team2Children: new Set<number>(),
      heroes: new Set([1, 2, 3]),
    };
    const csv = teamsCsv({ teams, clubs: teamsByClub(teams), specialised: specialisedTeams(people, flags) });
    expect(csv.split('\r\n')).toEqual([
      'Main Teams',
      'Team,Position,Racer ID,Name,Course Type,Club,Points',
      'Reds,1,101,"Smith, Amy",Stubbies,HEM,10.00',
      'Reds,2,102,"Ben ""Rocket"" Reed",Full Gates,VIK,20.50',
      'Reds,Average (2 members),,,,,15.25',
      `"Blues, Inc",1,103,'=SUM(A1),Full Gates,'-,30.00`,
      '"Blues, Inc",Average (1 member),,,,,30.00',
      '',
      'Teams by Club',
      'Club,Position,Name,Team,Course Type,Points',
      'VIK,2,"Ben ""Rocket"" Reed",Reds,Full Gates,20.50',
      'HEM,1,"Smith, Amy",Reds,Stubbies,10.00',
      `'-,1,'=SUM(A1),"Blues, Inc",Full Gates,30.00`,
      '',
      'Specialized Teams',
      'Team,Club,Racer ID,Name,Course Type,Points',
      'Team 1 Open A,VIK,102,"Ben ""Rocket"" Reed",Full Gates,20.50',
      '',
    ]);
  });
});
