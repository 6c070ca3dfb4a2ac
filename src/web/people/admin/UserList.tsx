import { Button, Group, Paper, Table, Text } from '@mantine/core';
import { IconArchive, IconArrowBackUp, IconEdit } from '@tabler/icons-react';
import { USERS_MSG } from '../../../domain/people/users.ts';
import { cardClasses } from '../../ui/CardFacts.tsx';
import { CardSkeletons, NoRows, PersonCardHead, StatusBadge } from './CardParts.tsx';
import classes from './ConfirmRacersPanel.module.css';
import { ActionsHead, PeopleTable } from './ListParts.tsx';
import { racerClub, racerName, racerNumberLabel } from './racers-model.ts';
import type { UserProfile } from './users-api.ts';

interface ListProps {
  users: UserProfile[];
  loading: boolean;
  archivedView: boolean;
  code: string;
  busy: number | null;
  onEdit: (user: UserProfile) => void;
  onArchive: (user: UserProfile) => void;
  /** Whether the server would let the signed-in administrator archive or restore this row. */
  mayArchive: (user: UserProfile) => boolean;
}

const COLUMNS = 7;

function RacerBadge({ user }: { user: UserProfile }) {
  if (!user.is_racer) return <Text size="sm">Not a racer</Text>;
  return <StatusBadge status={user.is_racer_confirmed} />;
}

function Actions({
  user,
  archivedView,
  busy,
  onEdit,
  onArchive,
  mayArchive,
}: Omit<ListProps, 'users' | 'loading' | 'code'> & { user: UserProfile }) {
  const name = racerName(user.user);
  return (
    <Group gap={6} wrap="nowrap">
      {!archivedView && (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconEdit size={14} aria-hidden />}
          aria-label={`Edit ${name}`}
          onClick={() => onEdit(user)}
        >
          Edit
        </Button>
      )}
      {mayArchive(user) && (
        <Button
          size="compact-sm"
          variant="outline"
          color={archivedView ? 'teal.9' : 'red.9'}
          leftSection={archivedView ? <IconArrowBackUp size={14} aria-hidden /> : <IconArchive size={14} aria-hidden />}
          aria-label={`${archivedView ? 'Restore' : 'Archive'} ${name}`}
          loading={busy === user.id}
          onClick={() => onArchive(user)}
        >
          {archivedView ? 'Restore' : 'Archive'}
        </Button>
      )}
    </Group>
  );
}

function NoUsers({ archivedView }: { archivedView: boolean }) {
  return (
    <NoRows
      title={archivedView ? USERS_MSG.noArchived : USERS_MSG.noUsers}
      description={archivedView ? 'Archived accounts appear here.' : 'Try another search.'}
    />
  );
}

export function UsersTable(props: ListProps) {
  const { users, loading, archivedView, code } = props;
  return (
    <PeopleTable
      label="Users"
      minWidth={860}
      columns={COLUMNS}
      loading={loading}
      empty={users.length === 0}
      emptyState={<NoUsers archivedView={archivedView} />}
      head={
        <>
          <Table.Th scope="col">{code} ID</Table.Th>
          <Table.Th scope="col">Name</Table.Th>
          <Table.Th scope="col">Username</Table.Th>
          <Table.Th scope="col">Email</Table.Th>
          <Table.Th scope="col">Club</Table.Th>
          <Table.Th scope="col">Racer</Table.Th>
          <ActionsHead />
        </>
      }
    >
      {users.map((u) => {
        const club = racerClub(u.local_club, u.other_club);
        return (
          <Table.Tr key={u.id}>
            <Table.Td>{racerNumberLabel(u.racer_id)}</Table.Td>
            <Table.Td fw={600}>{racerName(u.user)}</Table.Td>
            <Table.Td>{u.user.username}</Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{u.user.email}</Table.Td>
            <Table.Td>
              <abbr title={club.title}>{club.code}</abbr>
            </Table.Td>
            <Table.Td>
              <RacerBadge user={u} />
            </Table.Td>
            <Table.Td className={classes.actions}>
              <Actions user={u} {...props} />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </PeopleTable>
  );
}

export function UserCards(props: ListProps) {
  const { users, loading, archivedView, code } = props;
  if (loading) return <CardSkeletons height={150} />;
  if (users.length === 0) return <NoUsers archivedView={archivedView} />;
  return (
    <ul className={cardClasses.cards} aria-label="Users">
      {users.map((u) => {
        const club = racerClub(u.local_club, u.other_club);
        return (
          <Paper component="li" key={u.id} withBorder radius="md" p="sm">
            <PersonCardHead name={racerName(u.user)} username={u.user.username} badge={<RacerBadge user={u} />} />
            <dl className={cardClasses.facts}>
              <dt>{code} ID</dt>
              <dd>{racerNumberLabel(u.racer_id)}</dd>
              <dt>Email</dt>
              <dd>{u.user.email}</dd>
              <dt>Club</dt>
              <dd>
                <abbr title={club.title}>{club.code}</abbr>
              </dd>
            </dl>
            <Actions user={u} {...props} />
          </Paper>
        );
      })}
    </ul>
  );
}
