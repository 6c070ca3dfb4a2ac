import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { formatDayMonthYear } from '../../../domain/dates.ts';
import { LINK_MSG, type LinkAction } from '../../../domain/people/link-requests.ts';
import { cardClasses } from '../../ui/CardFacts.tsx';
import { CardSkeletons, DecisionButtons, NoRows, StatusBadge } from './CardParts.tsx';
import classes from './ConfirmRacersPanel.module.css';
import { TableFiller } from './ListParts.tsx';
import type { AdminLinkRequest } from './link-requests-api.ts';
import { ACTION_STATUS, person } from './link-requests-model.ts';
import { racerNumberLabel } from './racers-model.ts';

/** Which action is under way, by request id. */
export type LinkBusy = Record<number, LinkAction>;

interface ListProps {
  requests: AdminLinkRequest[];
  loading: boolean;
  code: string;
  busy: LinkBusy;
  onDecide: (request: AdminLinkRequest, action: LinkAction) => void;
  onFamily: (request: AdminLinkRequest) => void;
}

const COLUMNS = 6;

function Side({
  first,
  last,
  username,
  racerId,
  code,
}: {
  first: string;
  last: string;
  username: string;
  racerId: number | null;
  code: string;
}) {
  return (
    <div style={{ minWidth: 0 }}>
      <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {person(first, last)}
      </Text>
      <Text size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
        {username} · {code} ID {racerNumberLabel(racerId)}
      </Text>
    </div>
  );
}

const requester = (r: AdminLinkRequest, code: string) => (
  <Side
    first={r.requesting_user_first_name}
    last={r.requesting_user_last_name}
    username={r.requesting_user_name}
    racerId={r.requesting_user_racer_id}
    code={code}
  />
);
const target = (r: AdminLinkRequest, code: string) => (
  <Side
    first={r.target_user_first_name}
    last={r.target_user_last_name}
    username={r.target_user_name}
    racerId={r.target_user_racer_id}
    code={code}
  />
);

export function LinkRequestsTable({ requests, loading, code, busy, onDecide, onFamily }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={800} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Link requests">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Requested by</Table.Th>
            <Table.Th scope="col">Link to</Table.Th>
            <Table.Th scope="col">Requested on</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" className={classes.actions}>
              Actions
            </Table.Th>
            <Table.Th scope="col">Family</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableFiller loading={loading} empty={requests.length === 0} rows={4} columns={COLUMNS}>
            <NoRequests />
          </TableFiller>
          {requests.map((r) => (
            <Table.Tr key={r.id} data-request={r.id}>
              <Table.Td>{requester(r, code)}</Table.Td>
              <Table.Td>{target(r, code)}</Table.Td>
              <Table.Td className={classes.nowrap}>{formatDayMonthYear(r.created_at)}</Table.Td>
              <Table.Td>
                <StatusBadge status={r.status} />
              </Table.Td>
              <Table.Td className={classes.actions}>
                <LinkDecisions request={r} busy={busy[r.id]} onDecide={(a) => onDecide(r, a)} />
              </Table.Td>
              <Table.Td>
                <FamilyButton request={r} onFamily={onFamily} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function LinkRequestCards({ requests, loading, code, busy, onDecide, onFamily }: ListProps) {
  if (loading) return <CardSkeletons height={160} />;
  if (requests.length === 0) return <NoRequests />;
  return (
    <ul className={cardClasses.cards} aria-label="Link requests">
      {requests.map((r) => (
        <Paper component="li" key={r.id} withBorder radius="md" p="sm" data-request={r.id}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text size="sm" c="gray.7">
              {formatDayMonthYear(r.created_at)}
            </Text>
            <StatusBadge status={r.status} />
          </Group>
          <Stack gap={6} mt="xs">
            <div>
              <Text size="xs" c="gray.7">
                Requested by
              </Text>
              {requester(r, code)}
            </div>
            <div>
              <Text size="xs" c="gray.7">
                Link to
              </Text>
              {target(r, code)}
            </div>
          </Stack>
          <Group gap={6} mt="xs" wrap="wrap">
            <LinkDecisions request={r} busy={busy[r.id]} onDecide={(a) => onDecide(r, a)} grow />
            <FamilyButton request={r} onFamily={onFamily} />
          </Group>
        </Paper>
      ))}
    </ul>
  );
}

function NoRequests() {
  return <NoRows title={LINK_MSG.noRequests} description="Try another status or search." />;
}

/** View Family: only for approved requests (doc 2 §4). */
function FamilyButton({ request, onFamily }: { request: AdminLinkRequest; onFamily: (r: AdminLinkRequest) => void }) {
  if (request.status !== 'APPROVED' || request.family_id === null) return null;
  const name = person(request.requesting_user_first_name, request.requesting_user_last_name);
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconUsers size={14} aria-hidden />}
      aria-label={`View family of ${name}`}
      onClick={() => onFamily(request)}
    >
      View Family
    </Button>
  );
}

/** Approve and Reject, named with both accounts; the current state's button is disabled. */
function LinkDecisions({
  request,
  grow = false,
  ...rest
}: {
  request: AdminLinkRequest;
  busy: LinkAction | undefined;
  onDecide: (action: LinkAction) => void;
  grow?: boolean;
}) {
  const between = `${person(request.requesting_user_first_name, request.requesting_user_last_name)} and ${person(
    request.target_user_first_name,
    request.target_user_last_name,
  )}`;
  return (
    <DecisionButtons
      decisions={['approve', 'reject']}
      current={(action) => request.status === ACTION_STATUS[action]}
      label={(verb) => `${verb} link between ${between}`}
      grow={grow}
      style={grow ? { flex: 1 } : undefined}
      {...rest}
    />
  );
}
