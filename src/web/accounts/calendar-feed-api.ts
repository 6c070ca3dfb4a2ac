import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api/client.ts';

/** The signed-in user's family calendar feed (issue 27, docs/decisions/0046). */
export interface CalendarFeedStatus {
  active: boolean;
  created_at: string | null;
}

const PATH = '/profile/calendar-feed/';

export const calendarFeedApi = {
  status: () => api.get<CalendarFeedStatus>(PATH, { auth: true }),
  /** A new link, revoking the old one; its address comes back this once. */
  make: () => api.post<{ url: string }>(PATH, undefined, { auth: true }),
  turnOff: () => api.delete<null>(PATH, { auth: true }),
};

export const calendarFeedQuery = (username: string) =>
  queryOptions({ queryKey: ['calendar-feed', username], queryFn: calendarFeedApi.status });

export function useCalendarFeed(username: string) {
  return useQuery(calendarFeedQuery(username));
}

/** Make a link or turn it off; the status reloads after either. */
export function useCalendarFeedChanges(username: string) {
  const queryClient = useQueryClient();
  const reload = () => queryClient.invalidateQueries({ queryKey: calendarFeedQuery(username).queryKey });
  return {
    make: useMutation({ mutationFn: calendarFeedApi.make, onSuccess: reload }),
    turnOff: useMutation({ mutationFn: calendarFeedApi.turnOff, onSuccess: reload }),
  };
}
