import { Alert, Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatLondonDateTime } from '../../../domain/dates.ts';
import type { QueuedRefund } from '../../../domain/payments/records.ts';
import { api } from '../../api/client.ts';
import { serverMessage } from '../../api/server-error.ts';
import { openConfirm } from '../../ui/confirm.ts';
import { toast } from '../../ui/toast.ts';

const KEY = ['admin', 'refund-queue'] as const;
/**
 * Refunds to make by hand (issue 27; docs/decisions/0052): those the provider refused, and those
 * that keep failing to send. The administrator refunds the payer another way (the provider's
 * dashboard, a bank transfer) and marks it here; it then leaves the queue and is never sent.
 * Nothing shows while the queue is empty.
 */
export function RefundQueue() {
  const queue = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<QueuedRefund[]>('/admin/refunds/queue/', { auth: true }),
  });
  const queryClient = useQueryClient();
  const mark = useMutation({
    mutationFn: (id: number) =>
      api.post<{ message: string }>(`/admin/refunds/${id}/refunded-by-hand/`, undefined, { auth: true }),
    onSuccess: ({ message }) => {
      toast.admin('success', message);
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
    // a refund the site is still sending or has made is refused in words (409): the administrator
    // reads them, and the queue is read again (the row may have left it)
    onError: (error) => {
      toast.admin('error', serverMessage(error, 'It could not be marked. Please try again.'), 10_000);
      return queryClient.invalidateQueries({ queryKey: KEY });
    },
  });
  if (queue.isError) {
    return (
      <Alert color="red" role="alert" title="The refunds to make by hand could not be loaded">
        <Button size="xs" variant="white" color="red" onClick={() => queue.refetch()}>
          Retry
        </Button>
      </Alert>
    );
  }
  const rows = queue.data ?? [];
  if (rows.length === 0) return null;
  const ask = (r: QueuedRefund) =>
    openConfirm({
      title: 'Refunded by hand?',
      children: (
        <Text size="sm">
          Mark £{r.amount} to {r.payer} ({r.reference}) as refunded outside the site. It will never be sent again.
        </Text>
      ),
      labels: { confirm: 'Mark as refunded', cancel: 'Cancel' },
      confirmProps: { color: 'blue' },
      onConfirm: () => mark.mutate(r.id),
    });
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="refund-queue">
      <Stack gap="xs">
        <Title order={3} size="h4" id="refund-queue">
          Refunds to make by hand ({rows.length})
        </Title>
        <Text size="sm" c="dimmed">
          The provider refused these, or they keep failing. Refund the payer another way, then mark it here.
        </Text>
        <Table.ScrollContainer minWidth={700}>
          <Table aria-label="Refunds to make by hand" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Asked</Table.Th>
                <Table.Th scope="col">Payer</Table.Th>
                <Table.Th scope="col">Payment</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Why</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Action</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatLondonDateTime(r.created_at)}</Table.Td>
                  <Table.Td>
                    {r.payer}
                    <Text size="xs" c="dimmed">
                      {r.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    {r.provider} · {r.reference}
                  </Table.Td>
                  <Table.Td>£{r.amount}</Table.Td>
                  <Table.Td>
                    {r.status === 'refused' ? 'Refused' : `Failing (${r.attempts} tries)`}
                    {r.last_error ? `: ${r.last_error}` : ''}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="default"
                      onClick={() => ask(r)}
                      aria-label={`Mark the refund of £${r.amount} to ${r.payer} as refunded by hand`}
                    >
                      Refunded by hand
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}
