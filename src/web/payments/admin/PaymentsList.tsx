import { Badge, Button, Group, Paper, Skeleton, Table, Text, VisuallyHidden } from '@mantine/core';
import { formatLondonDateTime } from '../../../domain/dates.ts';
import type { PaymentRecord } from '../../../domain/payments/records.ts';
import { attentionLabel } from '../../../domain/payments/trail.ts';
import { TableFiller } from '../../people/admin/ListParts.tsx';
import { CardFacts, cardClasses } from '../../ui/CardFacts.tsx';
import responsive from '../../ui/responsive.module.css';
import { refundedText } from './refunded.ts';

const STATUS_LABEL = { succeeded: 'Paid', started: 'Under way', canceled: 'Cancelled' } as const;

function Refunded({ r }: { r: PaymentRecord }) {
  return (
    <>
      {refundedText(r)}
      {r.refund_due !== '0.00' && (
        <Badge color="red" size="sm" ml={4}>
          £{r.refund_due} due
        </Badge>
      )}
    </>
  );
}

function Status({ r }: { r: PaymentRecord }) {
  return (
    <>
      {STATUS_LABEL[r.status]}
      {r.attention && (
        <Badge color="red" size="sm" ml={4} title={attentionLabel(r.attention)}>
          Needs attention
        </Badge>
      )}
    </>
  );
}

const entries = (r: PaymentRecord) =>
  `${r.entries_booked} booked${r.entries_lost > 0 ? `, ${r.entries_lost} refunded` : ''}`;

function ViewButton({ r, onOpen }: { r: PaymentRecord; onOpen: (id: number) => void }) {
  return (
    <Button
      size="compact-sm"
      variant="subtle"
      aria-label={`View payment ${r.reference || r.id}`}
      onClick={() => onOpen(r.id)}
    >
      View
    </Button>
  );
}

/** Orders & Payments' list: a table on wide screens, a card per payment at 768 px or less
 * (issue 26: no admin list scrolls sideways on a phone). */
export function PaymentsList({
  rows,
  loading,
  onOpen,
}: {
  rows: PaymentRecord[];
  loading: boolean;
  onOpen: (id: number) => void;
}) {
  return (
    <>
      <div className={responsive.wideOnly}>
        <Table.ScrollContainer minWidth={900}>
          <Table aria-label="Payments" striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Payer</Table.Th>
                <Table.Th scope="col">Provider</Table.Th>
                <Table.Th scope="col">Reference</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">Refunded</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Entries</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>Trail</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableFiller loading={loading} empty={rows.length === 0} rows={5} columns={9}>
                <Text>No payments match.</Text>
              </TableFiller>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>{formatLondonDateTime(r.created_at)}</Table.Td>
                  <Table.Td>
                    {r.payer}
                    <Text size="xs" c="dimmed">
                      {r.username}
                    </Text>
                  </Table.Td>
                  <Table.Td>{r.provider}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{r.reference}</Table.Td>
                  <Table.Td>£{r.amount}</Table.Td>
                  <Table.Td>
                    <Refunded r={r} />
                  </Table.Td>
                  <Table.Td>
                    <Status r={r} />
                  </Table.Td>
                  <Table.Td>{entries(r)}</Table.Td>
                  <Table.Td>
                    <ViewButton r={r} onOpen={onOpen} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </div>
      {loading && <Skeleton height={120} radius="md" aria-hidden className={responsive.narrowOnly} />}
      {!loading && rows.length === 0 && <Text className={responsive.narrowOnly}>No payments match.</Text>}
      <ul className={`${cardClasses.cards} ${responsive.narrowOnly}`} aria-label="Payments">
        {rows.map((r) => (
          <Paper component="li" key={r.id} withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {r.payer}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {r.username}
                </Text>
              </div>
              <Text fw={700}>£{r.amount}</Text>
            </Group>
            <CardFacts
              facts={[
                ['Date', formatLondonDateTime(r.created_at)],
                ['Provider', r.provider],
                [
                  'Reference',
                  <span key="ref" style={{ wordBreak: 'break-all' }}>
                    {r.reference}
                  </span>,
                ],
                ['Refunded', <Refunded key="refunded" r={r} />],
                ['Status', <Status key="status" r={r} />],
                ['Entries', entries(r)],
              ]}
            />
            <Group justify="flex-end">
              <ViewButton r={r} onOpen={onOpen} />
            </Group>
          </Paper>
        ))}
      </ul>
    </>
  );
}
