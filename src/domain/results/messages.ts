/** Every results and points message: doc 3 §5 and §8 word for word, and ours where the text is
 * silent (marked). */
export const RESULTS_MSG = {
  // public results page (doc 3 §8)
  loadRaceEventFailed: 'Failed to load race event data',
  loadAvailableFailed: 'Failed to load available results',
  loadResultsFailed: 'Failed to load race results',
  loadSeasonFailed: 'Failed to load season totals',
  loadResultsDataFailed: 'Failed to load race results data',
  loadYearFailed: 'Failed to load data for selected year',
  // admin points (doc 3 §8)
  serviceUnreachable: 'Unable to connect to the points calculation service',
  schemaError: 'Database schema error',
  loadOrCreateFailed: 'Failed to load or create race event',
  loadRaceDataFailed: 'Failed to load race data',
  deleteClubFailed: 'Failed to delete club data',
  calculateFailed: 'Failed to calculate points. Please try again.',
  nothingToCalculate: 'No data to calculate points for',
  fileReadError: 'Error reading file.',
  notCsv: 'Please upload a CSV file',
  noValidData: 'No valid data found in file',
  invalidTime: 'Enter a valid time or DNF/DNS/DSQ',
  // empty states (doc 3 §2)
  noClubPoints: 'No club points data available',
  noData: 'No data available. Upload club results to view data.',
  // ours: the text names the required fields but gives no words for them
  racerIdRequired: (code: string) => `${code} ID is required`,
  nameRequired: 'Name is required',
  // ours: Calculate with rows marked in the raw table (issue 26), instead of the server's refusal
  rowsToFix: (n: number) => `${n} row${n === 1 ? '' : 's'} to fix before calculating: see the marked rows`,
  clubRequired: 'Club is required',
  genderInvalid: 'Gender must be Men or Women',
  categoryInvalid: 'Category must be one of U08, U10, U12, U14, U16, U18, U21, SM1, MA2, MA3, MA4',
  runInvalid: (run: number) => `Run ${run} must be a time, DNS, DNF, DSQ or empty`,
  tooFewColumns: (found: number, needed: number) => `too few columns (${found} of ${needed}): the row was skipped`,
  missingColumns: (names: string[]) => `The file has no ${names.join(', ')} column${names.length > 1 ? 's' : ''}`,
  tooManyRows: (max: number) => `A results file may have at most ${max} rows`,
  fileTooLarge: (mb: number) => `A results file may be at most ${mb} MB`,
  raceEventNotFound: 'Race event not found',
  raceEventExists: (year: number) => `A race event for ${year} already exists`,
  yearMismatch: (event: number, sent: number) => `The race event is for ${event}, not ${sent}`,
  noClubData: (club: string, year: number) => `There are no ${club} results for ${year}`,
  clubNotFound: 'Club not found',
  yearInvalid: (first: number, last: number) => `Year must be between ${first} and ${last}`,
  uploaded: (rows: number, club: string) => `${rows} result${rows === 1 ? '' : 's'} for ${club} calculated.`,
  clubDeleted: (club: string, year: number) => `${club} results for ${year} deleted.`,
  settingsSaved: 'Points settings saved.',
  pointsTableInvalid: 'Points must be a list of numbers of 0 or more, highest first, with at most 2 decimals',
  pointsTableLength: (max: number) => `The points table may have between 1 and ${max} places`,
  countingRacesInvalid: (max: number) => `Counting races must be a whole number from 1 to ${max}`,
} as const;

/** The DNQ badge's text (doc 3 §2). */
export function dnqText(racesNeeded: number): string {
  return `Does Not Qualify - Please complete ${racesNeeded} more race(s) to qualify`;
}
