/** The start lists' texts (issue 27; the spec has none for them). */
export const START_LIST_MSG = {
  notRace: 'Only race events can be linked to a club race.',
  linkFirst: 'Link the event to its club race first: the categories come from its year.',
  clubRaceTaken: (other: string, club: string, year: number) =>
    `${other} is already linked to the ${club} ${year} club race.`,
  allocated: (n: number, onlyNew: boolean) =>
    onlyNew
      ? `${n} new entrant${n === 1 ? '' : 's'} given ${n === 1 ? 'a bib' : 'bibs'}.`
      : `${n} bib${n === 1 ? '' : 's'} allocated.`,
  linkChanged: 'The club race link changed meanwhile; allocate again.',
  loadFailed: 'Failed to load the start list',
  noEntrants: 'No entrants with a racer number yet.',
  noRaces: 'No race events yet.',
  noLink: (event: string) =>
    `No booking event is linked to this club race; link ${event} in Start Lists to match bibs.`,
} as const;
