/**
 * The seven points clubs (doc 3 §9; decisions.md: BRE is Brentwood) and how a results file's club
 * text is matched to them: by code or by name, case-insensitive; anything else is OTHER, which
 * scores for the racer but not for a club.
 */
export const POINTS_CLUBS = [
  { code: 'HEM', name: 'Hemel Ski Race Club', aliases: ['Hemel', 'Hemel Hempstead'] },
  { code: 'BRE', name: 'Brentwood Ski Club', aliases: ['Brentwood', 'Brentwood Ski Race Club'] },
  { code: 'ESX', name: 'Essex Ski Racing Club', aliases: ['Essex'] },
  { code: 'WGC', name: 'Welwyn Garden City Ski Race Club', aliases: ['Welwyn', 'Welwyn Garden City'] },
  { code: 'VIK', name: 'Vikings Ski Race Team', aliases: ['Vikings'] },
  { code: 'NOR', name: 'Norfolk Snowsports Club Race Team', aliases: ['Norfolk', 'Norfolk Snowsports Club'] },
  { code: 'SMK', name: 'MK Ski Race Team', aliases: ['MK', 'Milton Keynes', 'Snozone MK'] },
] as const;
export type PointsClubCode = (typeof POINTS_CLUBS)[number]['code'];
export const POINTS_CLUB_CODES = POINTS_CLUBS.map((c) => c.code) as [PointsClubCode, ...PointsClubCode[]];
export const OTHER_CLUB = 'OTHER';
export type ClubMatch = PointsClubCode | typeof OTHER_CLUB;

const fold = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();

/** The points club a file's club text names, or OTHER. */
export function matchPointsClub(text: string): ClubMatch {
  const t = fold(text);
  if (!t) return OTHER_CLUB;
  const club = POINTS_CLUBS.find(
    (c) => fold(c.code) === t || fold(c.name) === t || c.aliases.some((a) => fold(a) === t),
  );
  return club?.code ?? OTHER_CLUB;
}

export function pointsClubName(code: string): string | null {
  return POINTS_CLUBS.find((c) => c.code === code)?.name ?? null;
}

export function isPointsClub(code: string): code is PointsClubCode {
  return (POINTS_CLUB_CODES as readonly string[]).includes(code);
}
