import { setupFor } from './combos.ts';
import { TEAMS_MSG } from './messages.ts';
import { SPECIALISED_FLAGS, type TeamFlag, type TeamParticipant } from './participants.ts';

export interface TeamMember extends TeamParticipant {
  /** 1-based place in the team, in the order dealt (Stubbies first). */
  position: number;
  /** 1-based team number. */
  team: number;
  teamName: string;
}

export interface Team {
  number: number;
  name: string;
  members: TeamMember[];
  /** The members' mean points, to two decimals. */
  average: number;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * The dealing rule (doc 3 §9), exactly as written (decisions.md): the Stubbies by ascending
 * points, then the Full Gates by descending points, dealt round-robin across the teams, the
 * rotation continuing from the Stubbies into the Full Gates. Equal points keep the table's order.
 * A racer without a seed (999.99) therefore comes last among Stubbies and first among Full Gates.
 */
export function dealTeams(heroes: readonly TeamParticipant[], names: readonly string[]): Team[] {
  const stubbies = heroes.filter((p) => p.courseType === 'Stubbies').sort((a, b) => a.points - b.points);
  const fullGates = heroes.filter((p) => p.courseType !== 'Stubbies').sort((a, b) => b.points - a.points);
  const teams: Team[] = names.map((name, i) => ({ number: i + 1, name: name.trim(), members: [], average: 0 }));
  if (teams.length === 0) return teams;
  [...stubbies, ...fullGates].forEach((p, i) => {
    const team = teams[i % teams.length] as Team;
    team.members.push({ ...p, position: team.members.length + 1, team: team.number, teamName: team.name });
  });
  for (const team of teams) {
    const total = team.members.reduce((sum, m) => sum + m.points, 0);
    team.average = team.members.length ? round2(total / team.members.length) : 0;
  }
  return teams;
}

/** Why Generate Teams is not allowed yet (doc 3 §4): the Heroes count must be a valid setup and
 * every team needs a non-blank name. Empty when it is allowed. */
export function generationProblems(heroes: number, names: readonly string[]): string[] {
  const setup = setupFor(heroes);
  if (!setup) return [TEAMS_MSG.invalidHeroes(heroes)];
  const problems: string[] = [];
  for (let i = 0; i < setup.teams; i++) {
    if (!(names[i] ?? '').trim()) problems.push(TEAMS_MSG.teamNameRequired(i + 1));
  }
  return problems;
}

/** The clubs' order in the lists: the club filter's order (doc 3 §2), then any other, '-' last. */
export const CLUB_ORDER = ['WGC', 'VIK', 'ESX', 'HEM', 'SMK', 'NOR'];
function clubRank(club: string): number {
  const i = CLUB_ORDER.indexOf(club);
  if (i >= 0) return i;
  return club === '-' || club === '' ? CLUB_ORDER.length + 2 : CLUB_ORDER.length + 1;
}

export function byClub<T extends { club: string }>(people: readonly T[]): { club: string; members: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const p of people) groups.set(p.club, [...(groups.get(p.club) ?? []), p]);
  return [...groups.entries()]
    .sort(([a], [b]) => clubRank(a) - clubRank(b) || a.localeCompare(b))
    .map(([club, members]) => ({ club, members }));
}

/** The Clubs tab: every dealt member under their club, in team order. */
export function teamsByClub(teams: readonly Team[]) {
  return byClub(teams.flatMap((t) => t.members));
}

/** The Specialized Teams tab: each of the four flags' members, grouped by club. */
export function specialisedTeams(
  participants: readonly TeamParticipant[],
  flags: Readonly<Record<TeamFlag, ReadonlySet<number>>>,
) {
  return SPECIALISED_FLAGS.map((f) => ({
    key: f.key,
    label: f.label,
    clubs: byClub(participants.filter((p) => flags[f.key].has(p.bookingId))),
  }));
}
