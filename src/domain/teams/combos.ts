/** The valid team setups (doc 3 §9): 5 to 8 teams of 3, 5, 7, 9 or 11; 5 teams of 7 is not one. */
export const TEAM_COUNTS = [5, 6, 7, 8] as const;
export const TEAM_SIZES = [3, 5, 7, 9, 11] as const;

export function isValidSetup(teams: number, size: number): boolean {
  return (
    (TEAM_COUNTS as readonly number[]).includes(teams) &&
    (TEAM_SIZES as readonly number[]).includes(size) &&
    !(teams === 5 && size === 7)
  );
}

export interface TeamSetup {
  teams: number;
  size: number;
}

/**
 * The setup a Heroes count gives (doc 3 §4): the table read by team count, fewest teams first;
 * the first cell whose total is the count decides, and a count whose first cell is not valid
 * gives none (0 teams). So 35 Heroes read as 5 × 7 and are refused, although 7 × 5 is 35 too:
 * the text gives the lookup this way and the issue asks for exactly that refusal.
 */
export function setupFor(heroes: number): TeamSetup | null {
  for (const teams of TEAM_COUNTS) {
    for (const size of TEAM_SIZES) {
      if (teams * size === heroes) return isValidSetup(teams, size) ? { teams, size } : null;
    }
  }
  return null;
}
