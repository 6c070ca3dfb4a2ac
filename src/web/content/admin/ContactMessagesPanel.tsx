import { Anchor, Badge, Button, Group, Modal, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { LoadFailed, TableFiller } from '../../people/admin/ListParts.tsx';
import { toast } from '../../ui/toast.ts';

/** A message sent through the contact form, as GET /admin/contact-messages/ gives it. */
export interface ContactMessageRecord {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
  message: string;
  created_at: string;
  read_at: string | null;
}

/** The query keys of the messages list and of the side menu's unread count. */
export const CONTACT_MESSAGE_KEYS = {
  list: ['admin', 'contact-messages'] as const,
  unread: ['admin', 'contact-messages', 'unread'] as const,
};

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' }).format(
    new Date(iso),
  );

const preview = (text: string) => (text.length > 80 ? `${text.slice(0, 79)}…` : text);

/**
 * Messages (issue 24): what visitors sent through the contact form, kept even when mail was down,
 * newest first. Opening one shows it whole and marks it read; "Mark unread" puts it back.
 */
export function ContactMessagesPanel() {
  const client = useQueryClient();
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({
    queryKey: CONTACT_MESSAGE_KEYS.list,
    queryFn: ({ signal }) =>
      api.get<{ unread: number; count: number; results: ContactMessageRecord[] }>('/admin/contact-messages/', {
        auth: true,
        signal,
      }),
  });
  const refresh = () => client.invalidateQueries({ queryKey: CONTACT_MESSAGE_KEYS.list });
  const mark = useMutation({
    mutationFn: ({ id, read }: { id: number; read: boolean }) =>
      api.post<ContactMessageRecord>(`/admin/contact-messages/${id}/${read ? 'read' : 'unread'}/`, undefined, {
        auth: true,
      }),
    onSuccess: refresh,
    onError: () => toast.error('The message could not be updated. Please try again.'),
  });
  const rows = list.data?.results ?? [];
  const open = rows.find((m) => m.id === openId) ?? null;

  const read = (message: ContactMessageRecord) => {
    setOpenId(message.id);
    if (!message.read_at) mark.mutate({ id: message.id, read: true });
  };
  const markUnread = (message: ContactMessageRecord) => {
    mark.mutate({ id: message.id, read: false });
    setOpenId(null);
  };

  return (
    <Stack gap="md">
      <Title order={2}>Messages</Title>
      <Text c="dimmed" size="sm">
        Messages sent through the contact form, newest first. They are e-mailed to the association too.
      </Text>
      {list.isError ? (
        <LoadFailed title="Messages could not be loaded" retrying={list.isFetching} onRetry={() => list.refetch()} />
      ) : (
        <>
          <Text size="sm" data-testid="messages-count" aria-live="polite">
            {list.isPending
              ? 'Loading messages…'
              : `${list.data?.count ?? 0} message${list.data?.count === 1 ? '' : 's'}, ${list.data?.unread ?? 0} unread`}
          </Text>
          <Table.ScrollContainer minWidth={700}>
            <Table aria-label="Messages" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Received</Table.Th>
                  <Table.Th scope="col">From</Table.Th>
                  <Table.Th scope="col">Message</Table.Th>
                  <Table.Th scope="col">Status</Table.Th>
                  <Table.Th scope="col">
                    <VisuallyHidden>Open</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <TableFiller loading={list.isPending} empty={rows.length === 0} rows={4} columns={5}>
                  <Text>No messages yet.</Text>
                </TableFiller>
                {rows.map((m) => (
                  <Table.Tr key={m.id} fw={m.read_at ? undefined : 700}>
                    <Table.Td>{when(m.created_at)}</Table.Td>
                    <Table.Td>
                      {m.first_name} {m.last_name}
                      <Text size="xs" c="dimmed">
                        {m.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>{preview(m.message)}</Table.Td>
                    <Table.Td>
                      {m.read_at ? (
                        <Badge color="gray" variant="light">
                          Read
                        </Badge>
                      ) : (
                        <Badge color="blue">Unread</Badge>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => read(m)}
                        aria-label={`Open the message from ${m.first_name} ${m.last_name}`}
                      >
                        Open
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </>
      )}
      <Modal
        opened={open !== null}
        onClose={() => setOpenId(null)}
        title={open ? `Message from ${open.first_name} ${open.last_name}` : ''}
        size="lg"
      >
        {open && (
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Received {when(open.created_at)} from{' '}
              <Anchor href={`mailto:${open.email}`} size="sm">
                {open.email}
              </Anchor>
            </Text>
            <Text style={{ whiteSpace: 'pre-wrap' }} data-testid="message-text">
              {open.message}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => markUnread(open)} loading={mark.isPending}>
                Mark unread
              </Button>
              <Button onClick={() => setOpenId(null)}>Close</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
