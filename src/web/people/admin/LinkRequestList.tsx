import { Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { londonToday } from '../../../domain/dates.ts';
import { LINK_MSG, type LinkAction } from '../../../domain/people/link-requests.ts';
import { EventDate } from '../../events/EventDate.tsx';
import { cardClasses } from '../../ui/CardFacts.tsx';
import { CardSkeletons, DecisionButtons, type DecisionProps, NoRows, StatusBadge } from './CardParts.tsx';
import classes from './ConfirmRacersPanel.module.css';
import { ActionsHead, PeopleTable } from './ListParts.tsx';
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

/** A card names both accounts, each under its caption. */
const SIDES = [
  ['Requested by', 'requesting'],
  ['Link to', 'target'],
] as const;

/** One account of a request: the one asking, or the one it asks to link to. */
const side = (r: AdminLinkRequest, which: 'requesting' | 'target', code: string) => (
  <Side
    first={r[`${which}_user_first_name`]}
    last={r[`${which}_user_last_name`]}
    username={r[`${which}_user_name`]}
    racerId={r[`${which}_user_racer_id`]}
    code={code}
  />
);

export function LinkRequestsTable({ requests, loading, code, busy, onDecide, onFamily }: ListProps) {
  return (
    <PeopleTable
      label="Link requests"
      minWidth={800}
      columns={COLUMNS}
      skeletonRows={4}
      loading={loading}
      empty={requests.length === 0}
      emptyState={<NoRequests />}
      head={
        <>
          <Table.Th scope="col">Requested by</Table.Th>
          <Table.Th scope="col">Link to</Table.Th>
          <Table.Th scope="col">Requested on</Table.Th>
          <Table.Th scope="col">Status</Table.Th>
          <ActionsHead />
          <Table.Th scope="col">Family</Table.Th>
        </>
      }
    >
      {requests.map((r) => (
        <Table.Tr key={r.id} data-request={r.id}>
          <Table.Td>{side(r, 'requesting', code)}</Table.Td>
          <Table.Td>{side(r, 'target', code)}</Table.Td>
          <Table.Td className={classes.nowrap}>
            <RequestedOn request={r} />
          </Table.Td>
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
    </PeopleTable>
  );
}

/** The day a request was made, in London, as doc 1 §9 shows dates: the long form with an ordinal
 * day above 768 px, DD/MM/YYYY at 768 px or less. */
function RequestedOn({ request }: { request: AdminLinkRequest }) {
  return <EventDate iso={londonToday(new Date(request.created_at))} />;
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
              <RequestedOn request={r} />
            </Text>
            <StatusBadge status={r.status} />
          </Group>
          <Stack gap={6} mt="xs">
            {SIDES.map(([caption, which]) => (
              <div key={which}>
                <Text size="xs" c="gray.7">
                  {caption}
                </Text>
                {side(r, which, code)}
              </div>
            ))}
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
function LinkDecisions({ request, grow = false, ...rest }: DecisionProps<LinkAction> & { request: AdminLinkRequest }) {
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
