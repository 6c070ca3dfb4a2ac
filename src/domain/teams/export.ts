import { csvCell, csvFileName } from '../csv.ts';
import type { Team, TeamMember } from './deal.ts';
import type { TeamParticipant } from './participants.ts';

/** A cell as the teams file writes it: quoted when it holds a comma, a quote or a line break
 * (doc 3 §9), and formula-safe like every CSV the app writes. */
function cell(value: string | number): string {
  const text = csvCell(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
const row = (cells: (string | number)[]) => cells.map(cell).join(',');

/** `{event}_teams_{year-month-day}.csv` (doc 3 §9), the event's name made safe for a file name. */
export function teamsCsvName(eventName: string, day: string): string {
  return csvFileName(`${eventName}_teams_${day}`, `teams_${day}`);
}

export interface TeamsExport {
  teams: readonly Team[];
  clubs: readonly { club: string; members: readonly TeamMember[] }[];
  specialised: readonly { label: string; clubs: readonly { club: string; members: readonly TeamParticipant[] }[] }[];
}

/** The teams file: its three sections, Main Teams, Teams by Club and Specialized Teams, listing
 * what the screen shows in the screen's order. CRLF lines. */
export function teamsCsv({ teams, clubs, specialised }: TeamsExport): string {
  const points = (n: number) => n.toFixed(2);
  const lines = [
    'Main Teams',
    row(['Team', 'Position', 'Racer ID', 'Name', 'Course Type', 'Club', 'Points']),
    ...teams.flatMap((t) => [
      ...t.members.map((m) => row([t.name, m.position, m.racerId, m.name, m.courseType, m.club, points(m.points)])),
      row([
        t.name,
        `Average (${t.members.length} member${t.members.length === 1 ? '' : 's'})`,
        '',
        '',
        '',
        '',
        points(t.average),
      ]),
    ]),
    '',
    'Teams by Club',
    row(['Club', 'Position', 'Name', 'Team', 'Course Type', 'Points']),
    ...clubs.flatMap((c) =>
      c.members.map((m) => row([c.club, m.position, m.name, m.teamName, m.courseType, points(m.points)])),
    ),
    '',
    'Specialized Teams',
    row(['Team', 'Club', 'Racer ID', 'Name', 'Course Type', 'Points']),
    ...specialised.flatMap((s) =>
      s.clubs.flatMap((c) =>
        c.members.map((m) => row([s.label, c.club, m.racerId, m.name, m.courseType, points(m.points)])),
      ),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
