import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminProfile } from '../../../domain/people/profile.ts';
import type { RacerDecision } from '../../../domain/people/racers.ts';
import { api } from '../../api/client.ts';
import { type RacerFilter, racersQueryString } from './racers-model.ts';

/** A racer's profile as the back office lists it; `id` is the profile's id. */
export type RacerProfile = AdminProfile;

export interface RacersPage {
  count: number;
  results: RacerProfile[];
}

export interface RacersQuery {
  page: number;
  status: RacerFilter;
  search: string;
}

/** The Confirm Racers calls (doc 2 §7), each with the bearer token. */
export const racersApi = {
  list: (query: RacersQuery, signal?: AbortSignal) =>
    api.get<RacersPage>(`/profiles/racers/${racersQueryString(query)}`, { auth: true, signal }),
  decide: (profileId: number, decision: RacerDecision) =>
    api.put<RacerProfile & { message: string }>(
      `/profiles/update/${profileId}/`,
      { is_racer_confirmed: decision },
      { auth: true },
    ),
};

export const RACER_KEYS = {
  all: ['admin', 'racers'] as const,
  list: (query: RacersQuery) => [...RACER_KEYS.all, query] as const,
};

/** GET /profiles/racers/: one page; the page shown stays while the next loads (no jump). */
export const racersQuery = (query: RacersQuery) =>
  queryOptions({
    queryKey: RACER_KEYS.list(query),
    queryFn: ({ signal }) => racersApi.list(query, signal),
    placeholderData: keepPreviousData,
  });

export function useRacers(query: RacersQuery) {
  return useQuery(racersQuery(query));
}

/** PUT /profiles/update/{id}/ with is_racer_confirmed. Whatever the outcome, the list is read
 * again (a racer decided elsewhere shows as it now is); the call counts as pending until then,
 * so the row's buttons stay busy until the row has moved. */
export function useDecideRacer() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ profileId, decision }: { profileId: number; decision: RacerDecision }) =>
      racersApi.decide(profileId, decision),
    onSettled: () => client.invalidateQueries({ queryKey: RACER_KEYS.all }),
  });
}
