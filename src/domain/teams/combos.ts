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
 * The setup a Heroes count gives (doc 3 §4, §9): the valid cell of the table whose total is the
 * count, else none (0 teams). The table has one valid cell for every total it lists
 * (decisions.md): 35 Heroes make 7 teams of 5, since 5 × 7 is the one cell that is not valid.
 */
export function setupFor(heroes: number): TeamSetup | null {
  for (const teams of TEAM_COUNTS) {
    for (const size of TEAM_SIZES) {
      if (teams * size === heroes && isValidSetup(teams, size)) return { teams, size };
    }
  }
  return null;
}
