import { Badge, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formatLondonDateTime } from '../../../domain/dates.ts';
import { api } from '../../api/client.ts';
import { LoadFailed, TableFiller } from '../../people/admin/ListParts.tsx';

/** A mail that keeps failing, as GET /admin/mail/failing/ gives it. */
interface FailingMail {
  id: number;
  recipient: string;
  template: string;
  subject: string | null;
  status: 'pending' | 'failed';
  attempts: number;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
}

/**
 * Mail (issue 24): e-mails that keep failing — tried 3 times and more, or given up after 10 — with
 * whom they are for, what they are, how often they were tried, the last error and the next try.
 * Every mail goes through the outbox and is retried by itself; this shows where it is stuck.
 */
export function FailingMailPanel() {
  const list = useQuery({
    queryKey: ['admin', 'mail', 'failing'],
    queryFn: ({ signal }) => api.get<{ results: FailingMail[] }>('/admin/mail/failing/', { auth: true, signal }),
  });
  const rows = list.data?.results ?? [];
  return (
    <Stack gap="md">
      <Title order={2}>Mail that keeps failing</Title>
      <Text c="dimmed" size="sm">
        Every e-mail is tried again by itself (after 30 seconds, 2 minutes, 10 minutes, 30 minutes, then hourly) and
        given up after 10 attempts. Mail that failed 3 times or more is listed here.
      </Text>
      {list.isError ? (
        <LoadFailed
          title="Failing mail could not be loaded"
          retrying={list.isFetching}
          onRetry={() => list.refetch()}
        />
      ) : (
        // a phone scrolls the table sideways: the keyboard reaches the scrolling region too (an
        // empty list has nothing focusable inside it)
        <Table.ScrollContainer minWidth={800} type="native" tabIndex={0} role="region" aria-label="Failing mail table">
          <Table aria-label="Failing mail" striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Queued</Table.Th>
                <Table.Th scope="col">Recipient</Table.Th>
                <Table.Th scope="col">Mail</Table.Th>
                <Table.Th scope="col">Attempts</Table.Th>
                <Table.Th scope="col">Last error</Table.Th>
                <Table.Th scope="col">Next attempt</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              <TableFiller loading={list.isPending} empty={rows.length === 0} rows={3} columns={6}>
                <Text>No mail is failing.</Text>
              </TableFiller>
              {rows.map((m) => (
                <Table.Tr key={m.id}>
                  <Table.Td>{formatLondonDateTime(m.created_at)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>{m.recipient}</Table.Td>
                  <Table.Td>
                    {m.subject ?? m.template}
                    {m.subject && (
                      <Text size="xs" c="dimmed">
                        {m.template}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{m.attempts}</Table.Td>
                  <Table.Td>{m.last_error ?? '—'}</Table.Td>
                  <Table.Td>
                    {m.next_attempt_at ? (
                      formatLondonDateTime(m.next_attempt_at)
                    ) : (
                      <Badge color="red" variant="light">
                        Given up
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
