import { clubCode } from '../clubs.ts';
import { NO_SEED_POINTS, type SeedRow } from './seed.ts';

/** Stubbies: 11 or younger by birth-year difference (doc 3 §5, §9); Full Gates otherwise, and
 * without a date of birth. */
export const COURSE_TYPES = ['Stubbies', 'Full Gates'] as const;
export type CourseType = (typeof COURSE_TYPES)[number];
export const STUBBIES_MAX_AGE = 11;

export function courseType(dateOfBirth: string | null | undefined, currentYear: number): CourseType {
  const birthYear = dateOfBirth ? Number(dateOfBirth.slice(0, 4)) : Number.NaN;
  if (!Number.isInteger(birthYear)) return 'Full Gates';
  return currentYear - birthYear <= STUBBIES_MAX_AGE ? 'Stubbies' : 'Full Gates';
}

/** The five flag columns of the participants table (doc 3 §2), in order. */
export const TEAM_FLAGS = [
  { key: 'team1OpenA', label: 'Team 1 Open A' },
  { key: 'team2OpenA', label: 'Team 2 Open A' },
  { key: 'team1Children', label: "Team 1 Children's" },
  { key: 'team2Children', label: "Team 2 Children's" },
  { key: 'heroes', label: 'Heroes' },
] as const;
export type TeamFlag = (typeof TEAM_FLAGS)[number]['key'];
/** The four specialised teams: every flag but Heroes. */
export const SPECIALISED_FLAGS = TEAM_FLAGS.filter((f) => f.key !== 'heroes');

/** A booked participant as the booked-participants call sends it (doc 3 §3). */
export interface BookedParticipant {
  id: number;
  participant_first_name: string;
  participant_last_name: string;
  participant_profile: {
    racer_id: number | string | null;
    gender?: string | null;
    date_of_birth: string | null;
    local_club: string | null;
  };
}

/** A participant of the team tool (held in the browser only). */
export interface TeamParticipant {
  /** The booking's id: the row's identity in the table and the saved selection. */
  bookingId: number;
  racerId: string;
  name: string;
  courseType: CourseType;
  club: string;
  points: number;
  /** True when no seed row matched (shown as 'no seed'; points 999.99). */
  noSeed: boolean;
}

const firstWord = (text: string) => text.trim().split(/\s+/)[0]?.toLowerCase() ?? '';

/**
 * A participant's seed (doc 3 §5): the row with the identical racer number, else an equal number
 * ('0101' and '101'), else the row whose first word equals the first word of the participant's
 * name, case-insensitive. A seed file's first value is a racer number, so the last rule meets
 * only a participant whose "name" is a number; it is kept as the text gives it.
 */
export function findSeed(racerId: string, name: string, seeds: readonly SeedRow[]): SeedRow | undefined {
  const id = racerId.trim();
  if (id) {
    const same = seeds.find((s) => s.racerId === id);
    if (same) return same;
    const n = Number(id);
    if (Number.isFinite(n)) {
      const equal = seeds.find((s) => Number(s.racerId) === n);
      if (equal) return equal;
    }
  }
  const word = firstWord(name);
  return word ? seeds.find((s) => firstWord(s.racerId) === word) : undefined;
}

/** The booked participants with their course type, club code and seed points (999.99 and 'no
 * seed' without a match; decisions.md: no fallback list of racer numbers). */
export function teamParticipants(
  booked: readonly BookedParticipant[],
  seeds: readonly SeedRow[],
  currentYear: number,
): TeamParticipant[] {
  return booked.map((b) => {
    const racerId = b.participant_profile.racer_id === null ? '' : String(b.participant_profile.racer_id);
    const name = `${b.participant_first_name} ${b.participant_last_name}`.trim();
    const seed = findSeed(racerId, name, seeds);
    return {
      bookingId: b.id,
      racerId,
      name,
      courseType: courseType(b.participant_profile.date_of_birth, currentYear),
      club: clubCode(b.participant_profile.local_club ?? ''),
      points: seed?.points ?? NO_SEED_POINTS,
      noSeed: seed === undefined,
    };
  });
}
