import type { AllocationOrder } from './allocate.ts';

/** The API's shapes of start lists (issue 27, docs/decisions/0048), written once for the server
 * and the browser. */

/** One entrant matched to their racer record. */
export interface StartListEntry {
  user_id: number;
  bib: number | null;
  racer_id: number | null;
  first_name: string;
  last_name: string;
  gender: 'Men' | 'Women' | null;
  birth_year: number | null;
  club: string;
  category: string | null;
  /** 'Women U12'; null without gender or category. */
  group: string | null;
}

/** A race event's link to its club race, with the bib settings last used. */
export interface RaceLink {
  results_year: number;
  results_club: string;
  first_bib: number;
  reserved: string;
  allocation_order: AllocationOrder;
}

/** A race's start list. */
export interface StartList {
  event: { id: number; name: string; date: string; event_type: string };
  link: RaceLink | null;
  /** Entrants with a racer number, by bib (those without a bib after, in start order). */
  entries: StartListEntry[];
  /** Entrants without a racer number: they cannot get a bib until they have one. */
  needing_number: StartListEntry[];
}
