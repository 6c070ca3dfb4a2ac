import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/client.ts';

export interface NamedLink {
  name: string;
  url: string;
}

export interface Association {
  code: string;
  name: string;
  email: string;
  social_links: NamedLink[];
  sponsors: NamedLink[];
}

const FALLBACK: Association = {
  code: 'ERSA',
  name: 'Eastern Region Snowsports Association',
  email: '',
  social_links: [],
  sponsors: [],
};

/** The association this site runs for (what the spec calls {product} and {provider}). */
export const associationQuery = queryOptions({
  queryKey: ['association'],
  queryFn: () => api.get<Association>('/association/'),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useAssociation(): Association {
  return useQuery(associationQuery).data ?? FALLBACK;
}
