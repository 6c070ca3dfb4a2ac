import { Container, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { POINTS_CLUBS } from '../../domain/results/clubs.ts';
import { RESULTS_MSG } from '../../domain/results/messages.ts';
import { ApiError } from '../api/client.ts';
import { LoadError, Loading } from '../content/LoadState.tsx';
import { PageHero } from '../content/PageHero.tsx';
import { useAssociation } from '../ui/useAssociation.ts';
import { type ClubResult, raceEventQuery, raceEventsQuery, seasonSettingsQuery } from './api.ts';
import { ClubLogos } from './ClubLogos.tsx';
import { resultsView } from './queries.ts';
import classes from './ResultsPage.module.css';
import { ClubRaceResults, SeasonResults } from './ResultViews.tsx';
import { type ResultTab, readResultsAddress, resultsTitle, resultYears, SEASON, yearOptions } from './view.ts';

const NO_CLUBS: ClubResult[] = POINTS_CLUBS.map((c) => ({
  club_id: c.code,
  club_name: c.name,
  points_calculated: false,
}));

/** 'How points work', generated from the season's settings in force (decisions.md). */
function HowPointsWork({ year }: { year: number }) {
  const settings = useQuery(seasonSettingsQuery('public', year));
  if (!settings.data) return null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="how-points-work">
      <Title order={2} fz="h3" id="how-points-work" mb="sm">
        How points work
      </Title>
      <List spacing={6} size="sm">
        {settings.data.how_points_work.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>
    </Paper>
  );
}

/**
 * The public results page (doc 3 §2, §4): a year, then a club's race or the season totals, in
 * three tabs. The address keeps year, club and tab, so a view can be shared and is painted by the
 * server (`/results?year=2026&club=HEM&tab=overall`).
 */
export function ResultsPage() {
  const [params, setParams] = useSearchParams();
  const address = readResultsAddress(params);
  const { code } = useAssociation();
  const events = useQuery(raceEventsQuery('public'));
  const currentYear = new Date().getFullYear();
  const { year, event: listed, hasResults, club, season } = resultsView(events.data, address, currentYear);
  // the chosen year's race event, read afresh for its clubs' availability (doc 3 §4)
  const fresh = useQuery({ ...raceEventQuery('public', listed?.id ?? 0), enabled: listed !== undefined });
  const event = fresh.data ?? listed;
  const eventError =
    fresh.isError &&
    (fresh.error instanceof ApiError && fresh.error.status === 404
      ? RESULTS_MSG.loadRaceEventFailed
      : RESULTS_MSG.loadYearFailed);
  const years = yearOptions(resultYears(events.data ?? []), currentYear);
  const title = resultsTitle(year, { clubName: club?.club_name, season, code });
  const counting = useQuery(seasonSettingsQuery('public', year)).data?.counting_races ?? 4;

  const go = (next: { year: number; club?: string; tab?: ResultTab }) => {
    const search = new URLSearchParams({ year: String(next.year) });
    if (next.club) search.set('club', next.club);
    if (next.club && next.tab && next.tab !== 'categories') search.set('tab', next.tab);
    setParams(search, { preventScrollReset: true });
  };
  const chosen = season ? SEASON : (club?.club_id ?? null);
  const onTab = (tab: ResultTab) => chosen && go({ year, club: chosen, tab });

  return (
    <div className={classes.page}>
      <div className={classes.hero}>
        <PageHero
          title={title}
          subtitle="Category results, overall standings and club points from each club race, and the season totals."
        />
      </div>
      <Container size="lg" py="xl">
        <Stack gap="lg">
          <Paper withBorder radius="md" p="md" className={classes.pickers}>
            <Stack gap="md">
              <Title order={2} fz="md">
                Please select a year and club
              </Title>
              {/* a plain select: Mantine's brings ~6 KB of input parts to the page's first script */}
              <div>
                <label className={classes.label} htmlFor="results-year">
                  Year
                </label>
                <select
                  id="results-year"
                  className={classes.select}
                  value={String(year)}
                  onChange={(e) => go({ year: Number(e.currentTarget.value) })}
                >
                  {years.map((y) => (
                    <option key={y} value={y}>
                      {y}
                    </option>
                  ))}
                </select>
              </div>
              {!events.isPending && !events.isError && address.year !== null && address.year !== year && (
                <Text role="status" size="sm" c="gray.8">
                  There are no results for {address.year}; showing {year}.
                </Text>
              )}
              {events.isError && (
                <LoadError message={RESULTS_MSG.loadAvailableFailed} onRetry={() => void events.refetch()} />
              )}
              {eventError && <LoadError message={eventError} onRetry={() => void fresh.refetch()} />}
              {events.isPending ? (
                <Loading label="Loading results..." />
              ) : (
                <ClubLogos
                  clubs={event?.club_results ?? NO_CLUBS}
                  selected={chosen}
                  onSelect={(c) => go({ year, club: c, tab: address.tab })}
                  seasonCode={code}
                  seasonLabel={`${code} Season Totals ${year}`}
                  seasonEnabled={hasResults}
                  noDataText={`No results for ${year}`}
                />
              )}
            </Stack>
          </Paper>
          {season && (
            <SeasonResults
              side="public"
              year={year}
              tab={address.tab}
              onTab={onTab}
              counting={counting}
              emptyClubPoints={RESULTS_MSG.noClubPoints}
              download={title}
            />
          )}
          {!season && event && club && (
            <ClubRaceResults
              side="public"
              eventId={event.id}
              clubId={club.club_id}
              tab={address.tab}
              onTab={onTab}
              counting={counting}
              emptyClubPoints={RESULTS_MSG.noClubPoints}
              download={title}
            />
          )}
          {!events.isPending && !hasResults && !events.isError && (
            <Text c="gray.7">There are no results for {year} yet.</Text>
          )}
          {hasResults && <HowPointsWork year={year} />}
        </Stack>
      </Container>
    </div>
  );
}
