import { readCategory, readGender } from './categories.ts';
import { isPointsClub, matchPointsClub } from './clubs.ts';
import type { RaceEntry } from './points.ts';
import type { ResultRow } from './rows.ts';
import { readRaceTime } from './times.ts';

/** A kept row as the points see it: its club matched to a points club (shown by code) or OTHER
 * (shown as the file wrote it). Rows that cannot be read (never kept: the upload refuses them)
 * are left out. */
export function raceEntry(row: ResultRow): RaceEntry | null {
  const gender = readGender(row.gender);
  const category = readCategory(row.cat);
  const time = readRaceTime(row.time);
  if (!gender || !category || !time) return null;
  const clubCode = matchPointsClub(row.club);
  return {
    racerId: row.racer_id.trim(),
    name: row.name.trim(),
    club: isPointsClub(clubCode) ? clubCode : row.club.trim(),
    clubCode,
    gender,
    category,
    time,
  };
}

export function raceEntries(rows: readonly ResultRow[]): RaceEntry[] {
  return rows.map(raceEntry).filter((e): e is RaceEntry => e !== null);
}
