import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../api/client.ts';
import { serverMessage } from '../api/server-error.ts';
import { MY_ENTRIES_KEY } from '../payments/queries.ts';
import { toast } from '../ui/toast.ts';
import { MY_WAITING_KEY, waitingApi } from './api.ts';

export function useMyWaitingEntries(enabled = true) {
  return useQuery({ queryKey: MY_WAITING_KEY, queryFn: () => waitingApi.mine(), enabled });
}

export function useWaitingEntry(id: number, enabled: boolean) {
  return useQuery({
    queryKey: [...MY_WAITING_KEY, id],
    queryFn: () => waitingApi.one(id),
    enabled,
    retry: (count, error) => !(error instanceof ApiError && error.status < 500) && count < 2,
  });
}

/** The owner's answers: each says what happened in a toast and refreshes the list and My Entries. */
export function useAnswer<T extends { message: string }>(
  answer: (id: number) => Promise<T>,
  onDone?: (done: T) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answer,
    onSuccess: async (done) => {
      toast.success(done.message);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_WAITING_KEY }),
        queryClient.invalidateQueries({ queryKey: MY_ENTRIES_KEY }),
      ]);
      onDone?.(done);
    },
    onError: (error) => toast.error(serverMessage(error, 'Something went wrong. Please try again.')),
  });
}
