import { Button, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverMessage } from '../api/server-error.ts';
import { openConfirm } from '../ui/confirm.ts';
import { toast } from '../ui/toast.ts';
import { MY_ENTRIES_KEY } from './queries.ts';

/** My Entries' Cancel entry (issue 27), paid or free: a confirmation that names who and what race
 * and says what comes back (`refundText`), then the call; its answer in a toast, and My Entries
 * read again. */
export function CancelEntryButton({
  participant,
  product,
  refundText,
  cancel,
}: {
  participant: string;
  product: string;
  refundText: string;
  cancel: () => Promise<{ message: string }>;
}) {
  const queryClient = useQueryClient();
  const cancelling = useMutation({
    mutationFn: cancel,
    onSuccess: ({ message }) => {
      toast.success(message);
      return queryClient.invalidateQueries({ queryKey: MY_ENTRIES_KEY });
    },
    onError: (error) => toast.error(serverMessage(error, 'Something went wrong. Please try again.')),
  });
  const ask = () =>
    openConfirm({
      title: `Cancel ${participant}'s entry?`,
      children: (
        <Text size="sm">
          {participant} will no longer be entered for {product}. {refundText}
        </Text>
      ),
      labels: { confirm: 'Cancel entry', cancel: 'Keep entry' },
      onConfirm: () => cancelling.mutate(),
    });
  return (
    <Button size="compact-xs" variant="default" ml="xs" loading={cancelling.isPending} onClick={ask}>
      Cancel entry
    </Button>
  );
}
