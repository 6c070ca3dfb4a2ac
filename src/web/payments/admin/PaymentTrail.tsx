import { Alert, Badge, Group, Loader, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { attentionLabel, type PaymentTrail as Trail } from '../../../domain/payments/trail.ts';
import { api } from '../../api/client.ts';

/** A time as the association reads it: UK time, with seconds (two changes can share a minute). */
export const ukTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'short',
    timeStyle: 'medium',
    timeZone: 'Europe/London',
  }).format(new Date(iso));

const words = (value: string) => value.replaceAll('_', ' ');
const REFUND_STATUS = {
  requested: 'Requested',
  sending: 'Being sent',
  pending: 'Pending at the provider',
  succeeded: 'Refunded',
  failed: 'Failed',
  refused: 'Refused: refund by hand',
  manual: 'Refunded by hand',
} as const;
const REFUND_COLOR = {
  requested: 'yellow',
  sending: 'yellow',
  pending: 'yellow',
  succeeded: 'green',
  failed: 'red',
  refused: 'red',
  manual: 'green',
} as const;

/**
 * One payment's trail (issue 24): its lines, every change of its state from the payment log (UK
 * time, state, cause, who, the provider's ids, detail) and its refunds (amount, cause, status, the
 * provider's refund id, who started it, when).
 */
export function PaymentTrail({ paymentId, onClose }: { paymentId: number | null; onClose: () => void }) {
  const trail = useQuery({
    queryKey: ['admin', 'payments', 'trail', paymentId],
    queryFn: ({ signal }) => api.get<Trail>(`/admin/payments/${paymentId}/`, { auth: true, signal }),
    enabled: paymentId !== null,
  });
  const data = trail.data;
  return (
    <Modal
      opened={paymentId !== null}
      onClose={onClose}
      size="80rem"
      title={data ? `Payment ${data.payment.reference || data.payment.id}` : 'Payment'}
    >
      {trail.isPending ? (
        <Loader aria-label="Loading the payment" />
      ) : trail.isError || !data ? (
        <Alert color="red" title="The payment could not be loaded">
          Please close this and try again.
        </Alert>
      ) : (
        <Stack gap="md">
          <Group gap="xs">
            <Text>
              {data.payment.payer} ({data.payment.username}) · £{data.payment.amount} · {data.payment.provider}
            </Text>
            {data.payment.attention && (
              <Badge color="red">Needs attention: {attentionLabel(data.payment.attention)}</Badge>
            )}
          </Group>
          {data.payment.paid_amount !== null && (
            <Text size="sm">
              The provider took {data.payment.paid_amount} {data.payment.paid_currency ?? ''}.
            </Text>
          )}
          <Title order={3} size="h4">
            Entries
          </Title>
          <Table aria-label="Payment entries" verticalSpacing={4}>
            <Table.Tbody>
              {data.lines.map((l) => (
                <Table.Tr key={`${l.product_name}-${l.participant}`}>
                  <Table.Td>{l.participant_name}</Table.Td>
                  <Table.Td>{l.product_name}</Table.Td>
                  <Table.Td>£{l.amount}</Table.Td>
                  <Table.Td>{l.state}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={3} size="h4">
            Payment log
          </Title>
          <Table.ScrollContainer minWidth={800}>
            <Table aria-label="Payment log" striped verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Time (UK)</Table.Th>
                  <Table.Th scope="col">State</Table.Th>
                  <Table.Th scope="col">Cause</Table.Th>
                  <Table.Th scope="col">Who</Table.Th>
                  <Table.Th scope="col">Provider ids</Table.Th>
                  <Table.Th scope="col">Detail</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.log.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>Nothing logged.</Table.Td>
                  </Table.Tr>
                )}
                {data.log.map((l) => (
                  <Table.Tr key={l.id}>
                    <Table.Td>{ukTime(l.at)}</Table.Td>
                    <Table.Td>{words(l.state)}</Table.Td>
                    <Table.Td>{l.cause}</Table.Td>
                    <Table.Td>{l.actor ?? '—'}</Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>
                      {Object.entries(l.provider_ids)
                        .map(([k, v]) => `${k}: ${v}`)
                        .join(', ') || '—'}
                    </Table.Td>
                    <Table.Td>{l.detail || '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Title order={3} size="h4">
            Refunds
          </Title>
          <Table.ScrollContainer minWidth={800}>
            <Table aria-label="Refunds" striped verticalSpacing={4}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Amount</Table.Th>
                  <Table.Th scope="col">Cause</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">Provider refund id</Table.Th>
                  <Table.Th scope="col">Started by</Table.Th>
                  <Table.Th scope="col">When (UK)</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.refunds.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={6}>No refunds.</Table.Td>
                  </Table.Tr>
                )}
                {data.refunds.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>£{r.amount}</Table.Td>
                    <Table.Td>{words(r.cause)}</Table.Td>
                    <Table.Td>
                      <Badge color={REFUND_COLOR[r.status]} size="sm">
                        {REFUND_STATUS[r.status]}
                      </Badge>
                      {r.status !== 'succeeded' && r.attempts > 0 && (
                        <Text size="xs" c="dimmed">
                          {r.attempts} {r.attempts === 1 ? 'try' : 'tries'}
                          {r.last_error ? `: ${r.last_error}` : ''}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td style={{ wordBreak: 'break-all' }}>{r.provider_refund_id ?? '—'}</Table.Td>
                    <Table.Td>{r.requested_by ?? 'Automatic'}</Table.Td>
                    <Table.Td>{ukTime(r.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      )}
    </Modal>
  );
}
