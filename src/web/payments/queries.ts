import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsApi } from './api.ts';

/** The providers this site uses: they do not change while the page is open. */
export const providersQuery = queryOptions({
  queryKey: ['payment-providers'],
  queryFn: () => paymentsApi.providers(),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useProviders() {
  return useQuery(providersQuery);
}

export const MY_ENTRIES_KEY = ['my-entries'] as const;

export function useMyEntries() {
  return useQuery({ queryKey: MY_ENTRIES_KEY, queryFn: () => paymentsApi.myEntries() });
}

/** Under MY_ENTRIES_KEY, so what refreshes the paid entries refreshes these. */
export function useMyFreeEntries() {
  return useQuery({ queryKey: [...MY_ENTRIES_KEY, 'free'], queryFn: () => paymentsApi.myFreeEntries() });
}
