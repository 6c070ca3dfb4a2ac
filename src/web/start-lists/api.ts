import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ResultRow } from '../../domain/results/rows.ts';
import type { AllocationOrder } from '../../domain/start-lists/allocate.ts';
import type { TimingRow } from '../../domain/start-lists/race-horology.ts';
import type { RaceLink, StartList, StartListEntry } from '../../domain/start-lists/shapes.ts';
import { api } from '../api/client.ts';

export type { RaceLink, StartList, StartListEntry };

/** A race event's link to its club race, with the bib settings last used (docs/decisions/0048). */

export interface RaceChoice {
  id: number;
  name: string;
  date: string;
  link: RaceLink | null;
  entrants: number;
  bibs: number;
}

export interface AllocateBody {
  order: AllocationOrder;
  first_bib: number;
  reserved: string;
  only_new: boolean;
}

export const START_LIST_KEYS = {
  all: ['admin', 'start-lists'] as const,
  races: () => ['admin', 'start-lists', 'races'] as const,
  list: (id: number) => ['admin', 'start-lists', id] as const,
};

export const startListsApi = {
  races: (signal?: AbortSignal) => api.get<RaceChoice[]>('/start-lists/', { auth: true, signal }),
  list: (id: number, signal?: AbortSignal) => api.get<StartList>(`/start-lists/${id}/`, { auth: true, signal }),
  link: (id: number, body: { results_year: number; results_club: string }) =>
    api.put<RaceLink>(`/start-lists/${id}/link/`, body, { auth: true }),
  allocate: (id: number, body: AllocateBody) =>
    api.post<{ message: string; allocated: number }>(`/start-lists/${id}/allocate/`, body, { auth: true }),
  /** Timing rows matched to racers for the Points upload (super administrators). */
  matchTimingRows: (raceEventId: number, body: { club_id: string; three_runs: boolean; rows: TimingRow[] }) =>
    api.post<{
      rows: (ResultRow & { original: string })[];
      unmatched: { line: number; reason: string; row: ResultRow & { original: string } }[];
      linked_event: { id: number; name: string } | null;
    }>(`/race-events/${raceEventId}/timing-rows/`, body, { auth: true }),
};

export const racesQuery = () =>
  queryOptions({ queryKey: START_LIST_KEYS.races(), queryFn: ({ signal }) => startListsApi.races(signal) });

export const useRaces = () => useQuery(racesQuery());

export const useStartList = (id: number) =>
  useQuery({ queryKey: START_LIST_KEYS.list(id), queryFn: ({ signal }) => startListsApi.list(id, signal) });
