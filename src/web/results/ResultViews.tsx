import { useQueries, useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';
import { OVERALL_GROUPS, SEASON_GROUP_ORDER } from '../../domain/results/categories.ts';
import { RESULTS_MSG } from '../../domain/results/messages.ts';
import { LoadError, Loading } from '../content/LoadState.tsx';
import { useAssociation } from '../ui/useAssociation.ts';
import {
  categoryResultsQuery,
  clubPointsQuery,
  overallStandingsQuery,
  type SeasonRow,
  type Side,
  seasonCategoriesQuery,
  seasonClubPointsQuery,
  seasonGroupQuery,
} from './api.ts';
import { CLUB_COLUMNS, type CsvTable, raceColumns, seasonColumns, viewCsv } from './columns.ts';
import { ClubPointsTable, RaceTables, SeasonTables } from './ResultTables.tsx';
import classes from './ResultViews.module.css';
import { RESULT_TABS, type ResultTab } from './view.ts';

/** Hands the shown view to the visitor as a CSV file: made in the browser with the project's
 * formula-safe CSV helper, loaded on the click (papaparse stays out of the page's first script). */
async function downloadView(table: CsvTable, fileBase: string, tab: ResultTab) {
  const [{ csvFileName, toCsv }, { saveCsv }] = await Promise.all([
    import('../../domain/csv.ts'),
    import('../ui/download.ts'),
  ]);
  const label = RESULT_TABS.find((t) => t.value === tab)?.label ?? tab;
  saveCsv(toCsv(table.headers, table.rows), csvFileName(`${fileBase} ${label}`, 'results'));
}

/** "Download CSV" of the open tab, once its data is there (public page only). */
function DownloadButton({ table, fileBase, tab }: { table: CsvTable | undefined; fileBase: string; tab: ResultTab }) {
  return (
    <button
      type="button"
      className={classes.download}
      disabled={table === undefined || table.rows.length === 0}
      onClick={() => table && void downloadView(table, fileBase, tab)}
    >
      Download CSV
    </button>
  );
}

interface LoadedQuery<T> {
  data: T | undefined;
  isError: boolean;
  refetch: () => unknown;
}

/** Loading, error (with a retry) or the data. */
function Loaded<T>({
  query,
  error,
  children,
}: {
  query: LoadedQuery<T>;
  error: string;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return children(query.data);
  if (query.isError) return <LoadError message={error} onRetry={() => void query.refetch()} />;
  return <Loading label="Loading results..." />;
}

/**
 * The three result tabs (doc 3 §2) as a WAI-ARIA tab list: arrow keys, Home and End move between
 * them, only the open panel is drawn. Hand-made rather than Mantine's Tabs: the public page's first
 * script is over its budget, and these are a few lines.
 */
function ResultTabs({
  tab,
  onTab,
  panels,
  tools,
}: {
  tab: ResultTab;
  onTab: (tab: ResultTab) => void;
  panels: Record<ResultTab, ReactNode>;
  tools?: ReactNode;
}) {
  const id = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const move = (index: number) => {
    const n = RESULT_TABS.length;
    const next = (index + n) % n;
    onTab(RESULT_TABS[next]?.value ?? 'categories');
    buttons.current[next]?.focus();
  };
  const keys = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const to = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: RESULT_TABS.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(to);
  };
  return (
    <div>
      <div role="tablist" aria-label="Results" className={classes.tabs}>
        {RESULT_TABS.map((t, i) => (
          <button
            key={t.value}
            ref={(el) => {
              buttons.current[i] = el;
            }}
            id={`${id}-tab-${t.value}`}
            type="button"
            role="tab"
            aria-selected={tab === t.value}
            aria-controls={`${id}-panel`}
            tabIndex={tab === t.value ? 0 : -1}
            className={classes.tab}
            onClick={() => onTab(t.value)}
            onKeyDown={(e) => keys(e, i)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tools && <div className={classes.tools}>{tools}</div>}
      <div role="tabpanel" id={`${id}-panel`} aria-labelledby={`${id}-tab-${tab}`}>
        {panels[tab]}
      </div>
    </div>
  );
}

interface ViewProps {
  side: Side;
  tab: ResultTab;
  onTab: (tab: ResultTab) => void;
  counting: number;
  /** The CSV file's name (the page's title): given, the view offers "Download CSV". */
  download?: string;
}

/** One club race: its categories, overall standings and club points (doc 3 §4: all three load). */
export function ClubRaceResults({
  side,
  eventId,
  clubId,
  emptyClubPoints,
  ...view
}: ViewProps & { eventId: number; clubId: string; emptyClubPoints: string }) {
  // the public page names the category results' failure and the other two's apart (doc 3 §8)
  const error = side === 'public' ? RESULTS_MSG.loadResultsFailed : RESULTS_MSG.loadRaceDataFailed;
  const dataError = side === 'public' ? RESULTS_MSG.loadResultsDataFailed : RESULTS_MSG.loadRaceDataFailed;
  const categories = useQuery(categoryResultsQuery(side, eventId, clubId));
  const overall = useQuery(overallStandingsQuery(side, eventId, clubId));
  const clubs = useQuery(clubPointsQuery(side, eventId, clubId));
  const { code } = useAssociation();
  const shown = (): CsvTable | undefined => {
    if (view.tab === 'clubs') return clubs.data && viewCsv(CLUB_COLUMNS, [['', clubs.data]], null);
    const standing = view.tab === 'categories' ? 'category' : 'overall';
    const tables = (view.tab === 'categories' ? categories : overall).data;
    return (
      tables &&
      viewCsv(
        raceColumns(code, view.counting, standing),
        Object.entries(tables),
        standing === 'category' ? 'Category' : 'Group',
      )
    );
  };
  return (
    <ResultTabs
      tab={view.tab}
      onTab={view.onTab}
      tools={view.download && <DownloadButton table={shown()} fileBase={view.download} tab={view.tab} />}
      panels={{
        categories: (
          <Loaded query={categories} error={error}>
            {(tables) => <RaceTables tables={tables} standing="category" counting={view.counting} />}
          </Loaded>
        ),
        overall: (
          <Loaded query={overall} error={dataError}>
            {(tables) => <RaceTables tables={tables} standing="overall" counting={view.counting} />}
          </Loaded>
        ),
        clubs: (
          <Loaded query={clubs} error={dataError}>
            {(rows) => <ClubPointsTable rows={rows} emptyText={emptyClubPoints} />}
          </Loaded>
        ),
      }}
    />
  );
}

/** The season totals: by category, in the four groups, and the clubs' season points. */
export function SeasonResults({
  side,
  year,
  emptyClubPoints,
  ...view
}: ViewProps & { year: number; emptyClubPoints: string }) {
  const error = RESULTS_MSG.loadSeasonFailed;
  const categories = useQuery(seasonCategoriesQuery(side, year));
  const groups = useQueries({ queries: SEASON_GROUP_ORDER.map((g) => seasonGroupQuery(side, year, g)) });
  const clubs = useQuery(seasonClubPointsQuery(side, year));
  const groupData = groups.every((g) => g.data !== undefined)
    ? SEASON_GROUP_ORDER.map((g, i): [string, SeasonRow[]] => [
        OVERALL_GROUPS.find((o) => o.key === g)?.title ?? g,
        groups[i]?.data ?? [],
      ])
    : undefined;
  const groupsQuery: LoadedQuery<[string, SeasonRow[]][]> = {
    data: groupData,
    isError: groups.some((g) => g.isError),
    refetch: () => Promise.all(groups.filter((g) => g.isError).map((g) => g.refetch())),
  };
  const { code } = useAssociation();
  const shown = (): CsvTable | undefined => {
    if (view.tab === 'clubs') return clubs.data && viewCsv(CLUB_COLUMNS, [['', clubs.data]], null);
    if (view.tab === 'categories')
      return (
        categories.data &&
        viewCsv(seasonColumns(code, view.counting, 'category'), Object.entries(categories.data), 'Category')
      );
    return groupData && viewCsv(seasonColumns(code, view.counting, 'overall'), groupData, 'Group');
  };
  return (
    <ResultTabs
      tab={view.tab}
      onTab={view.onTab}
      tools={view.download && <DownloadButton table={shown()} fileBase={view.download} tab={view.tab} />}
      panels={{
        categories: (
          <Loaded query={categories} error={error}>
            {(tables) => <SeasonTables tables={Object.entries(tables)} standing="category" counting={view.counting} />}
          </Loaded>
        ),
        overall: (
          <Loaded query={groupsQuery} error={error}>
            {(tables) => <SeasonTables tables={tables} standing="overall" counting={view.counting} />}
          </Loaded>
        ),
        clubs: (
          <Loaded query={clubs} error={error}>
            {(rows) => <ClubPointsTable rows={rows} emptyText={emptyClubPoints} />}
          </Loaded>
        ),
      }}
    />
  );
}
