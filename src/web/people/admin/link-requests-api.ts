import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkAction, LinkStatus } from '../../../domain/people/link-requests.ts';
import { api } from '../../api/client.ts';
import { type LinkFilter, linkRequestsQueryString } from './link-requests-model.ts';

/** A link request as the back office lists it (doc 2 §3 "Link request"). */
export interface AdminLinkRequest {
  id: number;
  status: LinkStatus;
  created_at: string;
  requesting_user_name: string;
  requesting_user_first_name: string;
  requesting_user_last_name: string;
  requesting_user_racer_id: number | null;
  target_user_name: string;
  target_user_first_name: string;
  target_user_last_name: string;
  target_user_racer_id: number | null;
  /** The family the two accounts share once approved (View Family). */
  family_id: number | null;
}

export interface FamilyMember {
  id: number;
  first_name: string;
  last_name: string;
  username: string;
}

export interface LinkRequestsQuery {
  page: number;
  status: LinkFilter;
  search: string;
}

/** The Link Requests calls (doc 2 §7), each with the bearer token. */
export const linkRequestsAdminApi = {
  list: (query: LinkRequestsQuery, signal?: AbortSignal) =>
    api.get<{ count: number; results: AdminLinkRequest[] }>(`/admin/link-requests/${linkRequestsQueryString(query)}`, {
      auth: true,
      signal,
    }),
  decide: (id: number, action: LinkAction) =>
    api.post<AdminLinkRequest & { message: string }>(`/admin/link-requests/${id}/`, { action }, { auth: true }),
  family: (id: number, signal?: AbortSignal) =>
    api.get<{ id: number; members: FamilyMember[] }>(`/admin/families/${id}/`, { auth: true, signal }),
  removeMember: (familyId: number, userId: number) =>
    api.delete<{ id: number; members: FamilyMember[]; message: string }>(
      `/admin/families/${familyId}/members/${userId}/`,
      { auth: true },
    ),
};

export const LINK_KEYS = {
  all: ['admin', 'link-requests'] as const,
  list: (query: LinkRequestsQuery) => [...LINK_KEYS.all, query] as const,
  family: (id: number) => ['admin', 'family', id] as const,
};

export function useLinkRequests(query: LinkRequestsQuery) {
  return useQuery(
    queryOptions({
      queryKey: LINK_KEYS.list(query),
      queryFn: ({ signal }) => linkRequestsAdminApi.list(query, signal),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useFamily(id: number | null) {
  return useQuery({
    queryKey: LINK_KEYS.family(id ?? 0),
    queryFn: ({ signal }) => linkRequestsAdminApi.family(id as number, signal),
    enabled: id !== null,
    retry: false,
  });
}

/** Approve or reject; the list (and the members' own views) are read again whatever the outcome. */
export function useDecideLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: LinkAction }) => linkRequestsAdminApi.decide(id, action),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: LINK_KEYS.all }),
        client.invalidateQueries({ queryKey: ['link-requests'] }),
        client.invalidateQueries({ queryKey: ['profile'] }),
      ]),
  });
}

export function useRemoveMember(familyId: number | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: number) => linkRequestsAdminApi.removeMember(familyId as number, userId),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: LINK_KEYS.family(familyId ?? 0) }),
        client.invalidateQueries({ queryKey: LINK_KEYS.all }),
      ]),
  });
}
