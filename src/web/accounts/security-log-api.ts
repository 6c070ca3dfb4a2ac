import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SecurityEventKind, SecurityLogRow } from '../../domain/accounts/security-log.ts';

export type { SecurityLogRow };

import { api } from '../api/client.ts';

export interface SecurityLogQuery {
  page: number;
  /** The username filter (exact, any case; the shared paged list calls it its search). */
  search: string;
  kind: SecurityEventKind | '';
}

/** `?page=2&username=…&kind=…`, leaving out what is at its default. */
export function securityLogQueryString(query: SecurityLogQuery): string {
  const params = new URLSearchParams();
  if (query.page > 1) params.set('page', String(query.page));
  if (query.search) params.set('username', query.search);
  if (query.kind) params.set('kind', query.kind);
  const text = params.toString();
  return text ? `?${text}` : '';
}

export const SECURITY_LOG_KEYS = {
  all: ['admin', 'security-log'] as const,
  list: (query: SecurityLogQuery) => [...SECURITY_LOG_KEYS.all, query] as const,
};

export function useSecurityLog(query: SecurityLogQuery) {
  return useQuery(
    queryOptions({
      queryKey: SECURITY_LOG_KEYS.list(query),
      queryFn: ({ signal }) =>
        api.get<{ count: number; results: SecurityLogRow[] }>(`/admin/security-log/${securityLogQueryString(query)}`, {
          auth: true,
          signal,
        }),
      placeholderData: keepPreviousData,
    }),
  );
}
