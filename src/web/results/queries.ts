import type { FetchQueryOptions, QueryClient } from '@tanstack/react-query';
import { SEASON_GROUP_ORDER } from '../../domain/results/categories.ts';
import {
  categoryResultsQuery,
  clubPointsQuery,
  overallStandingsQuery,
  type RaceEvent,
  raceEventQuery,
  raceEventsQuery,
  seasonCategoriesQuery,
  seasonClubPointsQuery,
  seasonGroupQuery,
  seasonSettingsQuery,
} from './api.ts';
import { calculatedClub, chooseYear, type ResultsAddress, readResultsAddress, resultYears, SEASON } from './view.ts';

// biome-ignore lint/suspicious/noExplicitAny: queries of any data type are prefetched alike
type AnyQuery = FetchQueryOptions<any, any, any, any>;

/** What `/results` shows for an address: the year, its race event and the club chosen (a club
 * with calculated results, or the season totals when the year has any). */
export function resultsView(events: readonly RaceEvent[] | undefined, address: ResultsAddress, currentYear: number) {
  const year = chooseYear(resultYears(events ?? []), currentYear, address.year);
  const event = events?.find((e) => e.year === year);
  const hasResults = event?.club_results.some((c) => c.points_calculated) ?? false;
  const club = calculatedClub(event, address.club);
  const season = address.club === SEASON && hasResults;
  return { year, event, hasResults, club, season };
}

/**
 * The public reads `/results?…` shows (the server paints them with the page): the years, the
 * season's settings, and the chosen tab's tables. The list of years comes first: the rest depends
 * on it.
 */
export async function resultsPageQueries(url: URL, client: QueryClient, currentYear: number): Promise<AnyQuery[]> {
  const address = readResultsAddress(url.searchParams);
  const events = await client.fetchQuery(raceEventsQuery('public')).catch(() => undefined);
  const { year, event, club, season } = resultsView(events, address, currentYear);
  const queries: AnyQuery[] = [raceEventsQuery('public'), seasonSettingsQuery('public', year)];
  if (event) queries.push(raceEventQuery('public', event.id));
  if (season) {
    if (address.tab === 'categories') queries.push(seasonCategoriesQuery('public', year));
    if (address.tab === 'overall') queries.push(...SEASON_GROUP_ORDER.map((g) => seasonGroupQuery('public', year, g)));
    if (address.tab === 'clubs') queries.push(seasonClubPointsQuery('public', year));
  } else if (event && club) {
    const by = { categories: categoryResultsQuery, overall: overallStandingsQuery, clubs: clubPointsQuery };
    queries.push(by[address.tab]('public', event.id, club.club_id));
  }
  return queries;
}
