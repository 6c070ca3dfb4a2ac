import { Paper, Table } from '@mantine/core';
import { RACER_MSG, type RacerDecision } from '../../../domain/people/racers.ts';
import { cardClasses } from '../../ui/CardFacts.tsx';
import {
  CardSkeletons,
  DecisionButtons,
  type DecisionProps,
  NoRows,
  PersonCardHead,
  StatusBadge,
} from './CardParts.tsx';
import classes from './ConfirmRacersPanel.module.css';
import { ActionsHead, PeopleTable } from './ListParts.tsx';
import type { RacerProfile } from './racers-api.ts';
import {
  dateOfBirthLabel,
  disciplineLabel,
  genderLabel,
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
    <PeopleTable
      label="Racers"
      minWidth={840}
      columns={COLUMNS}
      skeletonRows={SKELETON_ROWS}
      loading={loading}
      empty={racers.length === 0}
      emptyState={<NoRacers />}
      head={
        <>
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
          <ActionsHead />
        </>
      }
    >
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
              <RacerDecisions racer={racer} busy={busy[racer.id]} onDecide={(d) => onDecide(racer, d, index)} />
            </Table.Td>
          </Table.Tr>
        );
      })}
    </PeopleTable>
  );
}

export function RacerCards({ racers, loading, code, busy, onDecide }: ListProps) {
  if (loading) return <CardSkeletons height={180} />;
  if (racers.length === 0) return <NoRacers />;
  return (
    <ul className={cardClasses.cards} aria-label="Racers">
      {racers.map((racer, index) => {
        const club = racerClub(racer.local_club, racer.other_club);
        return (
          <Paper component="li" key={racer.id} withBorder radius="md" p="sm" data-racer={racer.id}>
            <PersonCardHead
              name={racerName(racer.user)}
              username={racer.user.username}
              badge={<StatusBadge status={racer.is_racer_confirmed} />}
            />
            <dl className={cardClasses.facts}>
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
            <RacerDecisions racer={racer} busy={busy[racer.id]} onDecide={(d) => onDecide(racer, d, index)} grow />
          </Paper>
        );
      })}
    </ul>
  );
}

function NoRacers() {
  return <NoRows title={RACER_MSG.noRacers} description="Try another status or search." />;
}

/** Approve and Reject, named with the racer for screen readers. */
function RacerDecisions({ racer, grow = false, ...rest }: DecisionProps<RacerDecision> & { racer: RacerProfile }) {
  const name = racerName(racer.user);
  return (
    <DecisionButtons
      decisions={['APPROVED', 'REJECTED']}
      current={(decision) => racer.is_racer_confirmed === decision}
      label={(verb) => `${verb} racer ${name}`}
      grow={grow}
      marked
      mt={grow ? 'xs' : undefined}
      {...rest}
    />
  );
}
