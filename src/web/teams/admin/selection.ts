import { type SeedRow, TEAM_FLAGS, type TeamFlag } from '../../../domain/teams/index.ts';

/** What the administrator ticked and typed for a race: kept in the browser (localStorage), so a
 * reload of the page keeps it for the chosen race (issue 11). Booking ids identify the rows. */
export interface Selection {
  flags: Record<TeamFlag, number[]>;
  names: string[];
  /** The seed rows of the file last uploaded for the race (the file itself is not kept). */
  seeds: SeedRow[];
}

const KEY = (raceId: number) => `piste:teams:${raceId}`;

export function emptySelection(): Selection {
  return {
    flags: { team1OpenA: [], team2OpenA: [], team1Children: [], team2Children: [], heroes: [] },
    names: [],
    seeds: [],
  };
}

/** The saved selection, or an empty one when there is none or it cannot be read. */
export function loadSelection(raceId: number): Selection {
  try {
    const raw = window.localStorage.getItem(KEY(raceId));
    if (!raw) return emptySelection();
    const saved = JSON.parse(raw) as Partial<Selection>;
    const empty = emptySelection();
    for (const { key } of TEAM_FLAGS) {
      const list = saved.flags?.[key];
      if (Array.isArray(list)) empty.flags[key] = list.filter((n) => Number.isInteger(n));
    }
    if (Array.isArray(saved.names)) empty.names = saved.names.filter((n) => typeof n === 'string').slice(0, 8);
    if (Array.isArray(saved.seeds)) {
      empty.seeds = saved.seeds.filter(
        (r) => typeof r?.racerId === 'string' && typeof r.points === 'number' && typeof r.line === 'number',
      );
    }
    return empty;
  } catch {
    return emptySelection();
  }
}

export function saveSelection(raceId: number, selection: Selection): void {
  try {
    window.localStorage.setItem(KEY(raceId), JSON.stringify(selection));
  } catch {
    // storage full or refused: the selection lives on in the page
  }
}

const RACE_KEY = 'piste:teams:race';

/** The race last chosen in the panel, so a reload opens it again. */
export function loadChosenRace(): number | null {
  try {
    const n = Number(window.localStorage.getItem(RACE_KEY));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export function saveChosenRace(raceId: number | null): void {
  try {
    if (raceId === null) window.localStorage.removeItem(RACE_KEY);
    else window.localStorage.setItem(RACE_KEY, String(raceId));
  } catch {
    // the choice lives on in the page
  }
}

/** The ticked booking ids as sets, flag by flag (the table's checkboxes and the generation). */
export function flagSets(flags: Selection['flags']): Record<TeamFlag, Set<number>> {
  return {
    team1OpenA: new Set(flags.team1OpenA),
    team2OpenA: new Set(flags.team2OpenA),
    team1Children: new Set(flags.team1Children),
    team2Children: new Set(flags.team2Children),
    heroes: new Set(flags.heroes),
  };
}
