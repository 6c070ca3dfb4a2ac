/** Every team-generation message: doc 3 §2, §5 and §8 word for word, and ours where the text is
 * silent (marked). */
export const TEAMS_MSG = {
  loadRacesFailed: 'Failed to load race events',
  notCsv: 'Please select a CSV file',
  raceAndFile: 'Please select both a race and a file',
  noBooked: 'No booked participants found for this race',
  noData: 'No data found in the CSV file or file format is incorrect',
  readError: (detail: string) => `Error reading file: ${detail}`,
  processFailed: (detail: string) => `Failed to process the file: ${detail}`,
  generateFailed: 'Failed to generate teams',
  downloadFailed: 'Failed to download CSV',
  noParticipants: 'No participant data available. Please upload a seed point CSV file.',
  noSeedData: 'No seed point data loaded. Please select a race and upload a CSV file.',
  noFlagMembers: (team: string) => `No ${team} members selected.`,
  teamNamePlaceholder: 'Enter team name',
  // ours: why a line of the seed file was skipped, and why generation is not allowed yet
  twoValues: (found: number) => `expected two values (a racer number and points), found ${found}`,
  notRacerNumber: 'the first value is not a racer number',
  invalidHeroes: (count: number) =>
    `${count} Heroes is not a valid team setup: choose a total from the table (5 to 8 teams of 3, 5, 7, 9 or 11)`,
  teamNameRequired: (team: number) => `Team ${team} needs a name`,
  noSeed: 'no seed',
} as const;
