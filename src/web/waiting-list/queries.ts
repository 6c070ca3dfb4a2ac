import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';
import { LIVE_LIST } from '../app/freshness.ts';
import { MY_ENTRIES_KEY } from '../payments/queries.ts';
import { toast } from '../ui/toast.ts';
import { MY_WAITING_KEY, waitingApi } from './api.ts';

export function useMyWaitingEntries(enabled = true) {
  return useQuery({ queryKey: MY_WAITING_KEY, queryFn: () => waitingApi.mine(), enabled });
}

/** One entry, read again whenever the window regains focus: another tab may have answered it. */
export function useWaitingEntry(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...MY_WAITING_KEY, id],
    queryFn: () => waitingApi.one(id),
    enabled,
    ...LIVE_LIST,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** The cart lines whose places an accepted offer holds (checkout's hold words), while `enabled`. */
export function useOfferHolds(enabled: boolean) {
  return useQuery({ queryKey: [...MY_WAITING_KEY, 'holds'], queryFn: () => waitingApi.holds(), enabled, staleTime: 0 });
}

/** The owner's answers: each says what happened in a toast and refreshes the list and My Entries.
 * A refusal (another tab answered first, the offer ended) reads the entry again, so the page shows
 * where it stands; its words go to `onRefused` when given, else to a toast. */
export function useAnswer<T extends { message: string }>(
  answer: (id: number) => Promise<T>,
  onDone?: (done: T) => void,
  onRefused?: (message: string) => void,
) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: MY_WAITING_KEY }),
      queryClient.invalidateQueries({ queryKey: MY_ENTRIES_KEY }),
    ]);
  return useMutation({
    mutationFn: answer,
    onSuccess: async (done) => {
      toast.success(done.message);
      await refresh();
      onDone?.(done);
    },
    onError: async (error) => {
      const message = serverMessage(error, 'Something went wrong. Please try again.');
      if (onRefused) onRefused(message);
      else toast.error(message);
      await refresh();
    },
  });
}
