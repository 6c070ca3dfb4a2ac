import { queryOptions } from '@tanstack/react-query';
import type { OverallGroupKey, ResultRow } from '../../domain/results/index.ts';
import { api } from '../api/client.ts';

/** A club's place in a race event (doc 3 §3). */
export interface ClubResult {
  club_id: string;
  club_name: string;
  points_calculated: boolean;
}

export interface RaceEvent {
  id: number;
  name: string;
  date: string | null;
  year: number;
  status: 'draft' | 'published';
  club_results: ClubResult[];
}

/** A racer's season figures, carried by every results row (the Best 4 column, the badges). */
export interface SeasonFigures {
  category_points_total: number;
  category_best_4: number;
  overall_points_total: number;
  overall_best_4: number;
  is_qualified: boolean;
  races_needed: number;
  races_participated: number;
}

/** A racer in one club race: `points` is absent only where the server has none (999.99 shown). */
export interface RaceRow extends SeasonFigures {
  position: number;
  racer_id: string;
  name: string;
  club: string;
  category: string;
  time: string;
  points: number | null;
  club_points: number;
}

export interface SeasonRow extends SeasonFigures {
  position: number;
  racer_id: string;
  name: string;
  club: string;
  category: string;
}

export interface ClubPointsRow {
  position: number;
  club_id: string;
  club_name: string;
  total_points: number;
}

export interface SeasonSettings {
  year: number;
  points_table: number[];
  counting_races: number;
  how_points_work: string[];
}

export type Tables<T> = Record<string, T[]>;

/** The public calls need no sign-in; the admin ones the bearer token (doc 3 §7). */
export type Side = 'public' | 'admin';
const base = (side: Side) => (side === 'public' ? '/public' : '');
/** The admin reads need the token; the public ones carry it when one is held (unset), so that a
 * super administrator's reads pass the maintenance gate (docs/decisions/0002). */
const authFor = (side: Side): true | undefined => (side === 'admin' ? true : undefined);
const club = (id: string) => `slope_id=${encodeURIComponent(id)}`;

export const RESULTS_KEYS = {
  all: ['results'] as const,
  events: (side: Side, year?: number) => ['results', side, 'events', year ?? 'all'] as const,
  race: (side: Side, id: number, view: string, clubId: string) => ['results', side, id, view, clubId] as const,
  season: (side: Side, year: number, view: string) => ['results', side, 'season', year, view] as const,
  settings: (side: Side, year: number) => ['results', side, 'settings', year] as const,
};

/** The race events (the public list holds only those with calculated results), newest first. */
export const raceEventsQuery = (side: Side, year?: number) =>
  queryOptions({
    queryKey: RESULTS_KEYS.events(side, year),
    queryFn: ({ signal }) =>
      api.get<RaceEvent[]>(`${base(side)}/race-events/${year ? `?year=${year}` : ''}`, {
        signal,
        auth: authFor(side),
      }),
  });

export const raceEventQuery = (side: Side, id: number) =>
  queryOptions({
    queryKey: ['results', side, id, 'event'] as const,
    queryFn: ({ signal }) => api.get<RaceEvent>(`${base(side)}/race-events/${id}/`, { signal, auth: authFor(side) }),
  });

export const categoryResultsQuery = (side: Side, id: number, clubId: string) =>
  queryOptions({
    queryKey: RESULTS_KEYS.race(side, id, 'categories', clubId),
    queryFn: ({ signal }) =>
      api.get<Tables<RaceRow>>(`${base(side)}/race-events/${id}/category-results/?${club(clubId)}`, {
        signal,
        auth: authFor(side),
      }),
  });

export const overallStandingsQuery = (side: Side, id: number, clubId: string) =>
  queryOptions({
    queryKey: RESULTS_KEYS.race(side, id, 'overall', clubId),
    queryFn: ({ signal }) =>
      api.get<Tables<RaceRow>>(`${base(side)}/race-events/${id}/overall-standings/?${club(clubId)}`, {
        signal,
        auth: authFor(side),
      }),
  });

export const clubPointsQuery = (side: Side, id: number, clubId: string) =>
  queryOptions({
    queryKey: RESULTS_KEYS.race(side, id, 'clubs', clubId),
    queryFn: ({ signal }) =>
      api.get<ClubPointsRow[]>(`${base(side)}/race-events/${id}/club-points/?${club(clubId)}`, {
        signal,
        auth: authFor(side),
      }),
  });

const seasonPath = (side: Side, year: number, query: string) => `${base(side)}/season-totals/${year}/${query}`;

export const seasonCategoriesQuery = (side: Side, year: number) =>
  queryOptions({
    queryKey: RESULTS_KEYS.season(side, year, 'categories'),
    queryFn: ({ signal }) => api.get<Tables<SeasonRow>>(seasonPath(side, year, ''), { signal, auth: authFor(side) }),
  });

export const seasonGroupQuery = (side: Side, year: number, group: OverallGroupKey) =>
  queryOptions({
    queryKey: RESULTS_KEYS.season(side, year, group),
    queryFn: ({ signal }) =>
      api.get<SeasonRow[]>(seasonPath(side, year, `?group=${group}`), { signal, auth: authFor(side) }),
  });

export const seasonClubPointsQuery = (side: Side, year: number) =>
  queryOptions({
    queryKey: RESULTS_KEYS.season(side, year, 'clubs'),
    queryFn: ({ signal }) =>
      api.get<ClubPointsRow[]>(seasonPath(side, year, '?club_points=true'), { signal, auth: authFor(side) }),
  });

export const seasonSettingsQuery = (side: Side, year: number) =>
  queryOptions({
    queryKey: RESULTS_KEYS.settings(side, year),
    queryFn: ({ signal }) =>
      api.get<SeasonSettings>(`${base(side)}/season-settings/${year}/`, { signal, auth: authFor(side) }),
  });

// the administrators' writes (super administrator)

export const createRaceEvent = (year: number) => api.post<RaceEvent>('/race-events/create/', { year }, { auth: true });

export interface UploadPayload {
  club_id: string;
  club_name: string;
  year: number;
  three_runs: boolean;
  results: (ResultRow & { line: number | null })[];
}

export const uploadResults = (eventId: number, payload: UploadPayload) =>
  api.post<{ message: string }>(`/race-events/${eventId}/upload-results/`, payload, { auth: true });

export const deleteClubData = (eventId: number, clubId: string) =>
  api.delete<{ message: string }>(`/race-events/${eventId}/club-data/${encodeURIComponent(clubId)}/`, { auth: true });

export const saveSeasonSettings = (year: number, settings: { points_table: number[]; counting_races: number }) =>
  api.put<SeasonSettings>(`/season-settings/${year}/`, settings, { auth: true });
