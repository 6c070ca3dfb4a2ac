import { Badge, Button, EmptyState, Group, Loader, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconUserSearch, IconX } from '@tabler/icons-react';
import { RACER_MSG, type RacerDecision, type RacerStatus } from '../../../domain/people/racers.ts';
import { softDisabled } from '../../ui/focus.ts';
import classes from './ConfirmRacersPanel.module.css';
import { TableFiller } from './ListParts.tsx';
import type { RacerProfile } from './racers-api.ts';
import {
  dateOfBirthLabel,
  disciplineLabel,
  genderLabel,
  RACER_STATUS_COLOR,
  RACER_STATUS_LABEL,
  racerClub,
  racerName,
  racerNumberLabel,
} from './racers-model.ts';

/** Skeleton rows while the first page loads. */
const SKELETON_ROWS = 5;
const COLUMNS = 9;

/** Which decision is under way, by profile id. */
export type Busy = Record<number, RacerDecision>;

/** The racers as a table (wide screens) or cards (phones), with their decision buttons. */
interface ListProps {
  racers: RacerProfile[];
  loading: boolean;
  code: string;
  busy: Busy;
  onDecide: (racer: RacerProfile, decision: RacerDecision, index: number) => void;
}

export function RacersTable({ racers, loading, code, busy, onDecide }: ListProps) {
  return (
    <Table.ScrollContainer minWidth={840} type="native">
      <Table striped highlightOnHover verticalSpacing="xs" aria-label="Racers">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" className={classes.nowrap}>
              {code} ID
            </Table.Th>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Username</Table.Th>
            <Table.Th scope="col">Date of birth</Table.Th>
            <Table.Th scope="col">Gender</Table.Th>
            <Table.Th scope="col">
              Ski/
              <wbr />
              Snowboard
            </Table.Th>
            <Table.Th scope="col">Club</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col" className={classes.actions}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <TableFiller loading={loading} empty={racers.length === 0} rows={SKELETON_ROWS} columns={COLUMNS}>
            <NoRacers />
          </TableFiller>
          {racers.map((racer, index) => {
            const club = racerClub(racer.local_club, racer.other_club);
            return (
              <Table.Tr key={racer.id} data-racer={racer.id}>
                <Table.Td>{racerNumberLabel(racer.racer_id)}</Table.Td>
                <Table.Td fw={600}>{racerName(racer.user)}</Table.Td>
                <Table.Td>{racer.user.username}</Table.Td>
                <Table.Td className={classes.nowrap}>{dateOfBirthLabel(racer.date_of_birth)}</Table.Td>
                <Table.Td>{genderLabel(racer.gender)}</Table.Td>
                <Table.Td>{disciplineLabel(racer.ski_or_board)}</Table.Td>
                <Table.Td>
                  <abbr title={club.title}>{club.code}</abbr>
                </Table.Td>
                <Table.Td>
                  <StatusBadge status={racer.is_racer_confirmed} />
                </Table.Td>
                <Table.Td className={classes.actions}>
                  <DecisionButtons racer={racer} busy={busy[racer.id]} onDecide={(d) => onDecide(racer, d, index)} />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function RacerCards({ racers, loading, code, busy, onDecide }: ListProps) {
  if (loading) {
    return (
      <Stack gap="sm" aria-hidden>
        {Array.from({ length: 3 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
          <Skeleton key={i} height={180} radius="md" />
        ))}
      </Stack>
    );
  }
  if (racers.length === 0) return <NoRacers />;
  return (
    <ul className={classes.cards} aria-label="Racers">
      {racers.map((racer, index) => {
        const club = racerClub(racer.local_club, racer.other_club);
        return (
          <Paper component="li" key={racer.id} withBorder radius="md" p="sm" data-racer={racer.id}>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {racerName(racer.user)}
                </Text>
                <Text size="sm" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
                  {racer.user.username}
                </Text>
              </div>
              <StatusBadge status={racer.is_racer_confirmed} />
            </Group>
            <dl className={classes.facts}>
              <dt>{code} ID</dt>
              <dd>{racerNumberLabel(racer.racer_id)}</dd>
              <dt>Date of birth</dt>
              <dd>{dateOfBirthLabel(racer.date_of_birth)}</dd>
              <dt>Gender</dt>
              <dd>{genderLabel(racer.gender)}</dd>
              <dt>Ski/Snowboard</dt>
              <dd>{disciplineLabel(racer.ski_or_board)}</dd>
              <dt>Club</dt>
              <dd>
                <abbr title={club.title}>{club.code}</abbr>
              </dd>
            </dl>
            <DecisionButtons racer={racer} busy={busy[racer.id]} onDecide={(d) => onDecide(racer, d, index)} grow />
          </Paper>
        );
      })}
    </ul>
  );
}

function NoRacers() {
  return (
    <EmptyState
      py="lg"
      size="sm"
      icon={<IconUserSearch aria-hidden />}
      withIndicatorBackground
      title={RACER_MSG.noRacers}
      description="Try another status or search."
    />
  );
}

function StatusBadge({ status }: { status: RacerStatus }) {
  return (
    <Badge color={RACER_STATUS_COLOR[status]} variant="filled" autoContrast tt="none" w="max-content">
      {RACER_STATUS_LABEL[status]}
    </Badge>
  );
}

/** Approve and Reject, named with the racer for screen readers; the one for the racer's current
 * state is disabled, and both while a decision is under way. Disabled buttons keep their place in
 * the tab order, so focus is not lost when a decision lands. */
function DecisionButtons({
  racer,
  busy,
  onDecide,
  grow = false,
}: {
  racer: RacerProfile;
  busy: RacerDecision | undefined;
  onDecide: (decision: RacerDecision) => void;
  grow?: boolean;
}) {
  const name = racerName(racer.user);
  const status = racer.is_racer_confirmed;
  const button = (decision: RacerDecision) => {
    const approve = decision === 'APPROVED';
    const off = status === decision || busy !== undefined;
    const Icon = approve ? IconCheck : IconX;
    return (
      <Button
        size="compact-sm"
        variant={approve ? 'filled' : 'outline'}
        color={approve ? 'teal.9' : 'red.9'}
        leftSection={busy === decision ? <Loader size={12} color="currentColor" /> : <Icon size={14} aria-hidden />}
        aria-label={`${approve ? 'Approve' : 'Reject'} racer ${name}`}
        aria-busy={busy === decision || undefined}
        data-decision={decision}
        className={classes.decision}
        {...softDisabled(off)}
        onClick={() => {
          if (!off) onDecide(decision);
        }}
        style={grow ? { flex: 1 } : undefined}
      >
        {approve ? 'Approve' : 'Reject'}
      </Button>
    );
  };
  return (
    <Group gap={6} wrap="nowrap" mt={grow ? 'xs' : undefined}>
      {button('APPROVED')}
      {button('REJECTED')}
    </Group>
  );
}
