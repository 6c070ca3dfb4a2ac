import { queryOptions } from '@tanstack/react-query';
import type { LinkStatus } from '../../domain/people/link-requests.ts';
import { api } from '../api/client.ts';

/** A link request as its maker and the account it names see it (doc 1 §3). */
export interface LinkRequest {
  id: number;
  requesting_user_name: string;
  target_user_name: string;
  status: LinkStatus;
  created_at: string;
}

/** The member's link-request calls (doc 1 §7), each with the bearer token. */
export const linkRequestsApi = {
  list: () => api.get<LinkRequest[]>('/link-request/', { auth: true }),
  create: (targetUser: string) =>
    api.post<LinkRequest & { target_user: string }>('/link-request/', { target_user: targetUser }, { auth: true }),
  cancel: (id: number) => api.delete<void>(`/link-request/${id}/`, { auth: true }),
  reject: (id: number) => api.post<LinkRequest>(`/link-request/${id}/`, {}, { auth: true }),
};

export const linkRequestsQuery = (username: string) =>
  queryOptions({ queryKey: ['link-requests', username], queryFn: linkRequestsApi.list });

/** Leaving the family (decisions.md → People: a member can be removed from a family). */
export const familyApi = {
  leave: () => api.delete<{ message: string }>('/family/', { auth: true }),
};
